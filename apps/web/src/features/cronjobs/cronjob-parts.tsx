import { Button, Popconfirm, Switch, Tag, Tooltip } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@exship/domain';
import type { CronJob, CronJobRunState } from '@exship/contracts';
import { useSession } from '../../api/session';
import { useAction } from '../../shared/use-action';
import { CRONJOBS_KEY, cronJobApi } from './api';

// Pieces both cron job screens share: the run state tag, times, durations and the three actions.

const STATE_COLORS: Record<CronJobRunState, string> = {
  created: 'default',
  retry: 'orange',
  active: 'processing',
  completed: 'green',
  cancelled: 'default',
  failed: 'red',
};

export function RunStateTag({ state }: { state: CronJobRunState }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLORS[state]}>{t(`cronjobs.state.${state}`)}</Tag>;
}

/** "350 ms", "4.2 s", "3 min 5 s". */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** "5 minutes ago", "in 3 hours": the distance from `now`, in the user's language. */
export function relativeTime(iso: string, now: number, language: string, t: TFunction): string {
  const diff = Date.parse(iso) - now;
  const abs = Math.abs(diff);
  if (abs < 60_000) return t('cronjobs.justNow');
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (abs < 3_600_000) return relative.format(Math.round(diff / 60_000), 'minute');
  if (abs < 86_400_000) return relative.format(Math.round(diff / 3_600_000), 'hour');
  return relative.format(Math.round(diff / 86_400_000), 'day');
}

/** A time shown relative, the exact DD-MM-YYYY HH:mm:ss (user's offset) in its tooltip. */
export function When({ iso }: { iso: string | null }) {
  const { t, i18n } = useTranslation();
  const { profile } = useSession();
  if (!iso) return <>—</>;
  return (
    <Tooltip title={formatDateTime(iso, profile?.timeZone)}>
      <span>{relativeTime(iso, Date.now(), i18n.language, t)}</span>
    </Tooltip>
  );
}

/** Run now, pause and resume, each reloading both screens' queries. */
export function useCronJobActions() {
  const invalidate = [[CRONJOBS_KEY]];
  return {
    runNow: useAction((name: string) => cronJobApi.runNow(name), { success: 'cronjobs.runNow', invalidate }),
    pause: useAction((name: string) => cronJobApi.pause(name), { success: 'cronjobs.pause', invalidate }),
    resume: useAction((name: string) => cronJobApi.resume(name), { success: 'cronjobs.resume', invalidate }),
  };
}

type Actions = ReturnType<typeof useCronJobActions>;

/** The enabled switch: pausing or resuming asks first. */
export function EnabledSwitch({ job, actions, disabled }: { job: CronJob; actions: Actions; disabled?: boolean }) {
  const { t } = useTranslation();
  const busy = (actions.pause.pending && actions.pause.variables === job.name) || (actions.resume.pending && actions.resume.variables === job.name);
  return (
    <Popconfirm
      title={t(job.enabled ? 'cronjobs.pauseConfirm' : 'cronjobs.resumeConfirm', { name: job.name })}
      description={t(job.enabled ? 'cronjobs.pauseHint' : 'cronjobs.resumeHint')}
      okText={t(job.enabled ? 'cronjobs.pause' : 'cronjobs.resume')}
      okButtonProps={{ danger: job.enabled }}
      cancelText={t('common.cancel')}
      disabled={disabled}
      onConfirm={() => (job.enabled ? actions.pause.run(job.name) : actions.resume.run(job.name))}
    >
      <Switch
        checked={job.enabled}
        loading={busy}
        disabled={disabled}
        // A squeezed cell used to wrap the label inside the switch, which showed only its first word.
        style={{ whiteSpace: 'nowrap', flex: 'none' }}
        aria-label={t('cronjobs.toggleLabel', { name: job.name })}
        checkedChildren={t('cronjobs.enabledOn')}
        unCheckedChildren={t('cronjobs.enabledOff')}
      />
    </Popconfirm>
  );
}

/** Run now, after a confirmation. */
export function RunNowButton({ job, actions, size }: { job: CronJob; actions: Actions; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={t('cronjobs.runNowConfirm', { name: job.name })}
      description={t('cronjobs.runNowHint')}
      okText={t('cronjobs.runNow')}
      cancelText={t('common.cancel')}
      onConfirm={() => actions.runNow.run(job.name)}
    >
      <Button size={size} icon={<PlayCircleOutlined />} loading={actions.runNow.pending && actions.runNow.variables === job.name}>
        {t('cronjobs.runNow')}
      </Button>
    </Popconfirm>
  );
}

export const cronJobDetailPath = (name: string) => `/app/cronjob-detail/${encodeURIComponent(name)}`;

/** The schedule in words, the raw cron (UTC) in its tooltip. */
export function ScheduleText({ job }: { job: CronJob }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('cronjobs.cronTooltip', { cron: job.cron })}>
      <span style={{ borderBottom: '1px dotted currentColor', cursor: 'help' }}>{job.schedule}</span>
    </Tooltip>
  );
}
