import { Button, Select, Space, Typography, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CRONJOB_RUN_STATES, type CronJob, type ScreenDef } from '@exship/contracts';
import { KeywordSearch, ScreenCard, useCan, useUrlState } from '../../shared/list-ui';
import { loadFailureOf, ResponsiveTable } from '../../shared/responsive-table';
import { CRONJOBS_KEY, cronJobApi } from './api';
import { EnabledSwitch, RunNowButton, RunStateTag, ScheduleText, When, cronJobDetailPath, useCronJobActions } from './cronjob-parts';
import './locales';

// SPEC §2 /app/setting-user/cronjob (EX_VIEW_CRONJOB), §3 "Cronjob: name, duration, description":
// every schedule the product registers, whether it is enabled, its last and next run. Staff holding
// EX-CRONJOB-MANAGE run one now, pause and resume it. The keyword and the last run's state (the
// dashboard's dead-jobs queue opens `?state=failed`) live in the URL.

export default function CronJobListPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const mayManage = can('EX-CRONJOB-MANAGE');
  const queryClient = useQueryClient();
  const [filters, setFilters] = useUrlState({ keyword: '', state: 'all' });
  const actions = useCronJobActions();
  const jobs = useQuery({ queryKey: [CRONJOBS_KEY, 'list'], queryFn: ({ signal }) => cronJobApi.list(signal) });

  const keyword = filters.keyword.toLowerCase();
  const state = (CRONJOB_RUN_STATES as readonly string[]).includes(filters.state) ? filters.state : 'all';
  const rows = (jobs.data ?? [])
    .filter((j) => !keyword || j.name.toLowerCase().includes(keyword) || (j.description ?? '').toLowerCase().includes(keyword))
    .filter((j) => state === 'all' || j.lastRun?.state === state);

  const columns: TableColumnsType<CronJob> = [
    {
      title: t('cronjobs.col.name'),
      dataIndex: 'name',
      width: 250,
      render: (name: string) => (
        <Link to={cronJobDetailPath(name)}>
          {/* Whole on a desktop; broken only where a phone's card is too narrow for it. */}
          <Typography.Text code style={{ overflowWrap: 'break-word' }}>
            {name}
          </Typography.Text>
        </Link>
      ),
    },
    { title: t('cronjobs.col.description'), dataIndex: 'description', width: 260, render: (v: string | null) => v ?? '—' },
    { title: t('cronjobs.col.schedule'), dataIndex: 'schedule', width: 170, render: (_: unknown, job) => <ScheduleText job={job} /> },
    {
      title: t('cronjobs.col.enabled'),
      dataIndex: 'enabled',
      // Room for the switch's longest label ("Tạm dừng" / "Đang bật"), which must not wrap inside it.
      width: 120,
      render: (_: unknown, job) => <EnabledSwitch job={job} actions={actions} disabled={!mayManage} />,
    },
    {
      title: t('cronjobs.col.lastRun'),
      dataIndex: 'lastRun',
      width: 130,
      render: (_: unknown, job) =>
        job.lastRun ? (
          <Space size={4} wrap>
            <When iso={job.lastRun.startedAt ?? job.lastRun.createdAt} />
            <RunStateTag state={job.lastRun.state} />
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('cronjobs.never')}</Typography.Text>
        ),
    },
    {
      title: t('cronjobs.col.nextRun'),
      dataIndex: 'nextRunAt',
      width: 120,
      render: (v: string | null, job) => (job.enabled ? <When iso={v} /> : <Typography.Text type="secondary">{t('cronjobs.enabledOff')}</Typography.Text>),
    },
    ...(mayManage
      ? [{ title: t('cronjobs.col.actions'), key: 'actions', render: (_: unknown, job: CronJob) => <RunNowButton job={job} actions={actions} size="small" /> }]
      : []),
  ];

  return (
    <ScreenCard
      title={t('cronjobs.title')}
      extra={
        <>
          <KeywordSearch value={filters.keyword} placeholder={t('cronjobs.col.name')} onSearch={(keyword) => setFilters({ keyword })} />
          <Select
            aria-label={t('cronjobs.filter.lastRunState')}
            value={state}
            onChange={(v: string) => setFilters({ state: v })}
            style={{ width: 190 }}
            options={['all', ...CRONJOB_RUN_STATES].map((s) => ({ value: s, label: s === 'all' ? t('cronjobs.filter.anyState') : t(`cronjobs.state.${s}`) }))}
          />
          <Button icon={<ReloadOutlined />} onClick={() => void queryClient.invalidateQueries({ queryKey: [CRONJOBS_KEY] })} loading={jobs.isFetching}>
            {t('cronjobs.refresh')}
          </Button>
        </>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        {t('cronjobs.subtitle')}
      </Typography.Paragraph>
      <ResponsiveTable<CronJob>
        rowKey="name"
        columns={columns}
        dataSource={rows}
        loading={jobs.isPending}
        loadFailure={loadFailureOf(jobs)}
        locale={{ emptyText: keyword || state !== 'all' ? t('cronjobs.noMatch') : t('cronjobs.empty') }}
        pagination={false}
      />
    </ScreenCard>
  );
}
