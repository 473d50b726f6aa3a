import { App, Button, Empty, Tag, Timeline, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RoutingEvent, RoutingStatus } from '@exship/contracts';
import './routing-locales';

// A parcel's routing as every screen shows it (track routing, the order's label card, the public
// tracking page): the status tag, the timeline of events, relative times.

/** SPEC §4 routing statuses: green once delivered, red for the failures, orange when it needs a look. */
const ROUTING_COLORS: Record<RoutingStatus, string> = {
  'pre-shipment': 'default',
  'us-accepted': 'cyan',
  'region-accepted': 'cyan',
  'pick-up': 'cyan',
  'in-transit': 'blue',
  'fw-in-transit': 'blue',
  'airport-departure': 'geekblue',
  'hub-transferred': 'geekblue',
  'destination-airport': 'geekblue',
  'out-for-delivered': 'purple',
  'out-of-delivered': 'purple',
  delivered: 'green',
  undelivered: 'orange',
  alert: 'orange',
  exception: 'volcano',
  expired: 'default',
  error: 'red',
  lost: 'red',
};

/** A routing status as a coloured tag with its SPEC §4 text ("in-transit" reads "Lastmile In-transit"). */
export function RoutingTag({ status }: { status: RoutingStatus | null }) {
  const { t } = useTranslation();
  if (!status) return <Tag>{t('routing.none')}</Tag>;
  return <Tag color={ROUTING_COLORS[status] ?? 'default'}>{t(`routing.status.${status}`, { defaultValue: status })}</Tag>;
}

/** SPEC §9: under 7 days a time reads relative ("3 hours ago"), the full date in its title. */
export function relativeTime(iso: string, now: number, language: string): string | null {
  const age = now - Date.parse(iso);
  if (Number.isNaN(age) || age < 0 || age >= 7 * 86_400_000) return null;
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (age < 3_600_000) return rtf.format(-Math.max(0, Math.floor(age / 60_000)), 'minute');
  if (age < 86_400_000) return rtf.format(-Math.floor(age / 3_600_000), 'hour');
  return rtf.format(-Math.floor(age / 86_400_000), 'day');
}

/** A time cell: relative under 7 days with the full date in a tooltip, the full date after. */
export function TimeText({ value, format }: { value: string | null | undefined; format: (v: string) => string }) {
  const { i18n } = useTranslation();
  if (!value) return <span>—</span>;
  const full = format(value);
  const rel = relativeTime(value, Date.now(), i18n.language);
  return (
    <span title={full} style={{ whiteSpace: 'nowrap' }}>
      {rel ?? full}
    </span>
  );
}

/** "City, ST, US" without the empty parts. */
export const placeOf = (p: { city: string; state: string; country: string }) => [p.city, p.state, p.country].filter(Boolean).join(', ');

/**
 * What an event says, in the page's language. Carriers describe events in English: an English page
 * shows their words; another language shows our sentence for the event's routing status (the
 * carrier's words in its title, where the text is needed word for word).
 */
export function eventText(e: Pick<RoutingEvent, 'status' | 'description'>, t: (key: string) => string, language: string): { text: string; carrierWords: string | null } {
  if (language === 'en' && e.description.trim()) return { text: e.description, carrierWords: null };
  return { text: t(`routing.event.${e.status}`), carrierWords: e.description.trim() || null };
}

/** A parcel's routing events, newest first: date, description, location. */
export function RoutingTimeline({ events, format }: { events: RoutingEvent[]; format: (v: string) => string }) {
  const { t, i18n } = useTranslation();
  if (events.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('routing.timelineEmpty')} />;
  const items = [...events]
    .sort((a, b) => b.at.localeCompare(a.at))
    .map((e, i) => ({
      key: `${e.at}-${i}`,
      color: i === 0 ? (e.status === 'delivered' ? 'green' : e.status === 'error' || e.status === 'lost' ? 'red' : 'blue') : 'gray',
      content: (
        <div>
          <EventText event={e} strong={i === 0} t={t} language={i18n.language} />
          <div style={{ fontSize: 12, color: '#4b5563' }}>
            <span style={{ fontVariantNumeric: 'tabular-nums' }}>{format(e.at)}</span>
            {placeOf(e) && <span>{` · ${placeOf(e)}`}</span>}
          </div>
        </div>
      ),
    }));
  return <Timeline items={items} />;
}

function EventText({ event, strong, t, language }: { event: RoutingEvent; strong: boolean; t: (key: string) => string; language: string }) {
  const { text, carrierWords } = eventText(event, t, language);
  return (
    <Typography.Text strong={strong} title={carrierWords ?? undefined}>
      {text}
    </Typography.Text>
  );
}

/** Splits pasted text into references: spaces, commas, semicolons or new lines; repeats dropped. */
export function splitRefs(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean))];
}

/** The public tracking link of a parcel (`/track/{code}` on this site). */
export const publicLink = (publicPath: string) => `${window.location.origin}${publicPath}`;

/** Puts text on the clipboard; the old way where the Clipboard API is missing (plain http). */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Refused (no focus, no permission): fall through.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

/** Copies a parcel's public tracking link (a button of its own: a full-size target). */
export function CopyLinkButton({ publicPath, label, done }: { publicPath: string; label: string; done: string }) {
  const { message } = App.useApp();
  return (
    <Button
      size="small"
      icon={<LinkOutlined />}
      onClick={() => {
        void copyText(publicLink(publicPath)).then(() => message.success(done));
      }}
    >
      {label}
    </Button>
  );
}
