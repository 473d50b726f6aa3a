import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Empty, Input, List, Skeleton, Space, Switch, Tag, Tooltip, Typography, type InputRef } from 'antd';
import { BarcodeOutlined, SoundOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListScansEndpoint, UndoScanEndpoint, type ScanRecord, type ScanScreen } from '@exship/contracts';
import { formatDateTime } from '@exship/domain';
import { call, callEnvelope } from '../api/call';
import { useSession } from '../api/session';
import { errorText } from './api-feedback';
import './scan-station-locales';

// The scan box every scanning screen is built around (the warehouse floor's, package freight) (docs: a barcode scanner is a keyboard that types
// fast and ends with Enter). One input that keeps the focus: it takes it back after every action and
// whenever the focus falls to nothing; keys typed while a button or the page has the focus go into it,
// so a scan is never lost. Each outcome shows as a green, orange or red banner with a short beep, and
// the operator's last 20 scans are listed with undo of the newest (button or Ctrl+Z).

export type Tone = 'ok' | 'warn' | 'error' | 'info';
export interface ScanOutcome {
  tone: Tone;
  message: string;
  /** More lines under the message (prices, the next step). */
  detail?: ReactNode;
}

const SOUND_KEY = 'exship.floor.sound';
let audio: AudioContext | null = null;

const soundOn = () => {
  try {
    return localStorage.getItem(SOUND_KEY) !== 'off';
  } catch {
    return true;
  }
};

/** A short beep: high for a good scan, two middle ones for a warning, a low buzz for an error. */
export function beep(tone: Tone): void {
  if (tone === 'info' || !soundOn()) return;
  try {
    const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    audio ??= new Ctx();
    if (audio.state === 'suspended') void audio.resume();
    const notes: [number, number][] = tone === 'ok' ? [[1320, 0.09]] : tone === 'warn' ? [[700, 0.09], [700, 0.09]] : [[200, 0.32]];
    let at = audio.currentTime;
    for (const [frequency, length] of notes) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = tone === 'error' ? 'square' : 'sine';
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.12, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + length);
      at += length + 0.06;
    }
  } catch {
    // No sound device, or the browser refuses: the banner still says it.
  }
}

/** An element where the operator is typing something else (a weight, a filter): the scan box leaves it alone. */
export function isEditable(el: Element | null): boolean {
  if (!el || !(el instanceof HTMLElement)) return false;
  if (el.isContentEditable) return true;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (el instanceof HTMLInputElement) return !['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file'].includes(el.type);
  return el.getAttribute('role') === 'combobox' || el.getAttribute('role') === 'textbox';
}

/** A dialog, drawer or open pick list is in front: it has the keyboard. */
const overlayOpen = () => document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal, .ant-drawer-open, .ant-select-dropdown:not(.ant-select-dropdown-hidden), .ant-picker-dropdown:not(.ant-picker-dropdown-hidden)') !== null;

export interface ScanStation {
  screen: ScanScreen;
  inputRef: React.RefObject<InputRef | null>;
  banner: (ScanOutcome & { id: number }) | null;
  /** Shows an outcome (banner and beep) and gives the focus back to the scan box. */
  report: (outcome: ScanOutcome) => void;
  focus: () => void;
  refreshScans: () => Promise<void>;
  scans: ReturnType<typeof useScansQuery>;
  undo: () => Promise<void>;
  undoing: boolean;
  sound: boolean;
  setSound: (on: boolean) => void;
}

/** The operator's recent scans of one screen (the floor's scan log). */
export const scansKey = (screen: ScanScreen) => ['floor', 'scans', screen];
const useScansQuery = (screen: ScanScreen) => useQuery({ queryKey: scansKey(screen), queryFn: ({ signal }) => call(ListScansEndpoint, { query: { screen }, signal }) });

/** The scan newest first that may be undone (the server allows only the caller's newest, nothing after it). */
export const undoable = (scans: readonly ScanRecord[] | undefined): ScanRecord | undefined => {
  const last = scans?.[0];
  return last && last.canUndo && !last.undoneAt ? last : undefined;
};

/**
 * The state of one floor screen's scanning: the banner, the recent scans, undo, the focus rules.
 * `onUndone` lets the screen reload what the undone scan changed (a carton, today's lists).
 */
export function useScanStation(screen: ScanScreen, onUndone?: (scan: ScanRecord) => unknown): ScanStation {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inputRef = useRef<InputRef | null>(null);
  const [banner, setBanner] = useState<ScanStation['banner']>(null);
  const [undoing, setUndoing] = useState(false);
  const [sound, setSoundState] = useState(soundOn);
  const scans = useScansQuery(screen);
  const latest = useRef({ onUndone, scans: scans.data, undoing });
  latest.current = { onUndone, scans: scans.data, undoing };

  const focus = useCallback(() => {
    // After the render that follows an action: a disabled input cannot take the focus before it, so a
    // few frames are tried; another field the operator went to in the meantime keeps it.
    let tries = 0;
    const attempt = () => {
      const input = inputRef.current?.input;
      if (!input || overlayOpen() || document.activeElement === input) return;
      const active = document.activeElement;
      if (tries > 0 && active && active !== document.body && isEditable(active)) return;
      input.focus();
      if (document.activeElement !== input && ++tries < 10) requestAnimationFrame(attempt);
    };
    setTimeout(attempt, 0);
  }, []);
  const report = useCallback(
    (outcome: ScanOutcome) => {
      setBanner((b) => ({ ...outcome, id: (b?.id ?? 0) + 1 }));
      beep(outcome.tone);
    },
    [],
  );
  const refreshScans = useCallback(() => queryClient.invalidateQueries({ queryKey: scansKey(screen) }), [queryClient, screen]);

  const undo = useCallback(async () => {
    const target = undoable(latest.current.scans);
    if (latest.current.undoing) return;
    if (!target) {
      report({ tone: 'error', message: t('pickup.scan.nothingToUndo') });
      return;
    }
    setUndoing(true);
    try {
      const res = await callEnvelope(UndoScanEndpoint, { params: { scanId: target._id } });
      report({ tone: 'info', message: `${res.message || t('floor.scanUndone')} ${target.code}` });
      await latest.current.onUndone?.(res.data);
    } catch (err) {
      report({ tone: 'error', message: errorText(err, t) });
    } finally {
      setUndoing(false);
      await refreshScans();
      focus();
    }
  }, [focus, refreshScans, report, t]);

  // The keyboard, page-wide while the screen is shown: Ctrl+Z undoes the last scan; a character typed
  // while nothing editable has the focus (a button, the page) goes into the scan box.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const input = inputRef.current?.input ?? null;
      const target = document.activeElement;
      if (overlayOpen()) return;
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'z') {
        const inScanBox = target === input && !input?.value;
        if (inScanBox || !isEditable(target)) {
          e.preventDefault();
          void undo();
        }
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey || e.key.length !== 1 || e.key === ' ') return;
      if (!isEditable(target) && input && !input.disabled) input.focus();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [undo]);

  // The focus can fall to the page without a blur of the box (the button that had it went away with
  // its form): twice a second, a page with nothing focused gives it back to the scan box.
  useEffect(() => {
    const id = setInterval(() => {
      const input = inputRef.current?.input;
      const active = document.activeElement;
      if (input && !input.disabled && (!active || active === document.body) && !overlayOpen()) input.focus();
    }, 500);
    return () => clearInterval(id);
  }, []);

  const setSound = (on: boolean) => {
    try {
      localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
    } catch {
      /* not kept, still applied */
    }
    setSoundState(on);
  };

  return { screen, inputRef, banner, report, focus, refreshScans, scans, undo, undoing, sound, setSound };
}

/**
 * The scan input. Enter sends what was typed; scans that come while one is being handled wait their
 * turn, in order. `onScan` answers the outcome to show (or null when the screen showed it itself).
 */
export function ScanBox({
  station,
  onScan,
  label,
  placeholder,
  disabled = false,
}: {
  station: ScanStation;
  onScan: (code: string) => Promise<ScanOutcome | null>;
  label: string;
  placeholder?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const queue = useRef<string[]>([]);
  const running = useRef(false);
  const handler = useRef(onScan);
  handler.current = onScan;
  const { focus } = station;
  // Back from a form that held the box (the check-in's weighing): the next scan goes here.
  useEffect(() => {
    if (!disabled) focus();
  }, [disabled, focus]);

  const drain = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      while (queue.current.length > 0) {
        const code = queue.current.shift()!;
        try {
          const outcome = await handler.current(code);
          if (outcome) station.report(outcome);
        } catch (err) {
          station.report({ tone: 'error', message: errorText(err, t) });
        }
        void station.refreshScans();
      }
    } finally {
      running.current = false;
      setBusy(false);
      station.focus();
    }
  };

  const submit = () => {
    const code = value.trim();
    setValue('');
    if (!code) return;
    queue.current.push(code);
    void drain();
  };

  return (
    <div>
      <label htmlFor={`scan-${station.screen}`} style={{ display: 'block', fontWeight: 600, marginBottom: 6 }}>
        {label}
      </label>
      <Input
        id={`scan-${station.screen}`}
        ref={station.inputRef}
        size="large"
        autoFocus
        autoComplete="off"
        spellCheck={false}
        maxLength={60}
        prefix={<BarcodeOutlined aria-hidden />}
        suffix={busy ? <Typography.Text type="secondary">{t('pickup.scan.working')}</Typography.Text> : <span />}
        placeholder={placeholder ?? t('pickup.scan.placeholder')}
        value={value}
        disabled={disabled}
        onChange={(e) => setValue(e.target.value)}
        onPressEnter={(e) => {
          e.preventDefault();
          submit();
        }}
        onBlur={() => {
          // Back to the scan box when the focus fell to nothing (a click on the page, a closed panel).
          setTimeout(() => {
            const active = document.activeElement;
            if ((!active || active === document.body) && !overlayOpen()) station.inputRef.current?.focus();
          }, 0);
        }}
        style={{ fontSize: 20, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
      />
    </div>
  );
}

const BANNER_TYPE = { ok: 'success', warn: 'warning', error: 'error', info: 'info' } as const;

/** The outcome of the last scan, big enough to read from the scanner's distance. */
export function ScanBanner({ station, idle }: { station: ScanStation; idle: string }) {
  const b = station.banner;
  if (!b) {
    return <Alert type="info" showIcon role="status" data-testid="scan-banner" title={idle} style={{ fontSize: 16 }} />;
  }
  return (
    <Alert
      key={b.id}
      type={BANNER_TYPE[b.tone]}
      showIcon
      role={b.tone === 'error' ? 'alert' : 'status'}
      data-testid="scan-banner"
      title={<span style={{ fontSize: 18, fontWeight: 600, overflowWrap: 'anywhere' }}>{b.message}</span>}
      description={b.detail}
    />
  );
}

/** The operator's last 20 scans on this screen, with undo of the newest. */
export function RecentScans({ station }: { station: ScanStation }) {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = station.scans;
  const last = undoable(data);
  const { profile } = useSession();
  const fmt = (iso: string) => formatDateTime(iso, profile?.timeZone);
  // DD-MM-YYYY HH:mm:ss in the operator's offset: the time of day is enough in a list of today's scans.
  const time = (iso: string) => fmt(iso).slice(11);
  return (
    <section aria-labelledby={`recent-${station.screen}`}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Title level={2} id={`recent-${station.screen}`} style={{ fontSize: 16, margin: 0 }}>
          {t('pickup.scan.recent')}
        </Typography.Title>
        <Space size={8} wrap>
          <Tooltip title={t('pickup.scan.soundHelp')}>
            <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
              <SoundOutlined aria-hidden />
              <Switch size="small" checked={station.sound} onChange={station.setSound} aria-label={t('pickup.scan.sound')} />
            </span>
          </Tooltip>
          <Button
            size="small"
            icon={<UndoOutlined />}
            loading={station.undoing}
            disabled={!last}
            onClick={() => void station.undo()}
            aria-keyshortcuts="Control+Z"
            title={last ? t('pickup.scan.undoOf', { code: last.code }) : undefined}
          >
            {t('pickup.scan.undo')}
          </Button>
        </Space>
      </div>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      ) : isError ? (
        <Alert type="error" showIcon title={t('pickup.scan.recentFailed')} action={<Button size="small" onClick={() => void refetch()}>{t('list.retry')}</Button>} />
      ) : (
        <List
          size="small"
          bordered
          aria-label={t('pickup.scan.recent')}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pickup.scan.none')} /> }}
          dataSource={data ?? []}
          style={{ maxHeight: 520, overflowY: 'auto' }}
          renderItem={(s) => (
            <List.Item key={s._id} style={{ opacity: s.undoneAt ? 0.55 : 1, display: 'block' }}>
              <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography.Text type="secondary" title={fmt(s.at)} style={{ fontVariantNumeric: 'tabular-nums', fontSize: 12 }}>
                  {time(s.at)}
                </Typography.Text>
                <Typography.Text strong delete={!!s.undoneAt} style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', overflowWrap: 'anywhere' }}>
                  {s.code}
                </Typography.Text>
                {s.undoneAt ? <Tag>{t('pickup.scan.undone')}</Tag> : s.ok ? <Tag color="green">{t('pickup.scan.ok')}</Tag> : <Tag color="red">{t('pickup.scan.error')}</Tag>}
              </div>
              <div style={{ fontSize: 13, color: s.ok ? '#374151' : '#b91c1c', overflowWrap: 'anywhere' }}>{s.message}</div>
            </List.Item>
          )}
        />
      )}
    </section>
  );
}
