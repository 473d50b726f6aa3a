import { Button, Descriptions, Result, Space, Typography, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@exship/domain';
import type { CronJobRun, ScreenDef } from '@exship/contracts';
import { ApiError } from '../../api/client';
import { useSession } from '../../api/session';
import { ScreenCard, UrlServerTable, useCan, useUrlState } from '../../shared/list-ui';
import { CRONJOBS_KEY, cronJobApi } from './api';
import { EnabledSwitch, RunNowButton, RunStateTag, ScheduleText, When, formatDuration, useCronJobActions } from './cronjob-parts';
import { RunDurationChart } from './run-duration-chart';
import './locales';

// SPEC §2 /app/cronjob-detail/{_id}: the id is the cron job's name (its queue). The facts and actions
// of one cron job and its runs as pg-boss recorded them (newest first, paged in the URL).

const DEFAULTS = { page: '1', pageSize: '20' };

export default function CronJobDetailPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const name = decodeURIComponent(id);
  const { profile } = useSession();
  const tz = profile?.timeZone;
  const can = useCan();
  const mayManage = can('EX-CRONJOB-MANAGE');
  const queryClient = useQueryClient();
  const actions = useCronJobActions();
  const [filters, setFilters] = useUrlState(DEFAULTS);

  const job = useQuery({ queryKey: [CRONJOBS_KEY, 'job', name], queryFn: ({ signal }) => cronJobApi.get(name, signal) });
  const runs = useQuery({
    queryKey: [CRONJOBS_KEY, 'runs', name, filters.page, filters.pageSize],
    queryFn: ({ signal }) => cronJobApi.runs(name, filters, signal),
    placeholderData: keepPreviousData,
    enabled: job.isSuccess,
    // A queued or running job is followed until it has finished.
    refetchInterval: (q) => (q.state.data?.data.items.some((r) => r.state === 'created' || r.state === 'active') ? 3000 : false),
  });

  if (job.isError && job.error instanceof ApiError && job.error.status === 404) {
    return (
      <Result
        status="404"
        title={t('cronjobs.notFound')}
        extra={
          <Link to="/app/setting-user/cronjob">
            <Button type="primary">{t('cronjobs.back')}</Button>
          </Link>
        }
      />
    );
  }

  const refresh = () => void queryClient.invalidateQueries({ queryKey: [CRONJOBS_KEY] });
  const data = job.data;

  const columns: TableColumnsType<CronJobRun> = [
    { title: t('cronjobs.runs.state'), dataIndex: 'state', render: (_: unknown, r) => <RunStateTag state={r.state} /> },
    { title: t('cronjobs.runs.created'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v, tz) },
    { title: t('cronjobs.runs.started'), dataIndex: 'startedAt', render: (v: string | null) => (v ? formatDateTime(v, tz) : '—') },
    { title: t('cronjobs.runs.finished'), dataIndex: 'completedAt', render: (v: string | null) => (v ? formatDateTime(v, tz) : '—') },
    { title: t('cronjobs.runs.duration'), dataIndex: 'durationMs', render: (v: number | null) => formatDuration(v) },
    { title: t('cronjobs.runs.attempts'), dataIndex: 'attempts' },
    {
      title: t('cronjobs.runs.error'),
      dataIndex: 'error',
      width: 320,
      render: (v: string | null) =>
        v ? (
          <Typography.Paragraph type="danger" style={{ margin: 0, maxWidth: 320 }} ellipsis={{ rows: 1, expandable: true, symbol: t('cronjobs.runs.showError') }}>
            {v}
          </Typography.Paragraph>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <ScreenCard
        title={
          <Space wrap size={8}>
            <Link to="/app/setting-user/cronjob" aria-label={t('cronjobs.back')}>
              <ArrowLeftOutlined />
            </Link>
            <span style={{ overflowWrap: 'anywhere' }}>{name}</span>
          </Space>
        }
        extra={
          <>
            {data && mayManage && <RunNowButton job={data} actions={actions} />}
            <Button icon={<ReloadOutlined />} onClick={refresh} loading={job.isFetching || runs.isFetching}>
              {t('cronjobs.refresh')}
            </Button>
          </>
        }
      >
        {job.isError ? (
          <Result status="error" title={t('cronjobs.loadFailed')} />
        ) : (
          <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }} styles={{ label: { width: 150 } }}>
            <Descriptions.Item label={t('cronjobs.fact.description')}>{data ? (data.description ?? '—') : '…'}</Descriptions.Item>
            <Descriptions.Item label={t('cronjobs.fact.schedule')}>{data ? <ScheduleText job={data} /> : '…'}</Descriptions.Item>
            <Descriptions.Item label={t('cronjobs.fact.cron')}>{data ? <Typography.Text code style={{ whiteSpace: 'nowrap' }}>{data.cron}</Typography.Text> : '…'}</Descriptions.Item>
            <Descriptions.Item label={t('cronjobs.fact.status')}>
              {data ? (
                <Space wrap>
                  <EnabledSwitch job={data} actions={actions} disabled={!mayManage} />
                  {data.pausedAt && <Typography.Text type="secondary">{t('cronjobs.pausedSince', { when: formatDateTime(data.pausedAt, tz) })}</Typography.Text>}
                </Space>
              ) : (
                '…'
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('cronjobs.fact.lastRun')}>
              {data?.lastRun ? (
                <Space size={4} wrap>
                  <When iso={data.lastRun.startedAt ?? data.lastRun.createdAt} />
                  <RunStateTag state={data.lastRun.state} />
                </Space>
              ) : data ? (
                t('cronjobs.never')
              ) : (
                '…'
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('cronjobs.fact.nextRun')}>{data ? data.enabled ? <When iso={data.nextRunAt} /> : t('cronjobs.enabledOff') : '…'}</Descriptions.Item>
          </Descriptions>
        )}
      </ScreenCard>

      {!job.isError && (
        <ScreenCard title={<span style={{ fontSize: 18 }}>{t('cronjobs.runs.title')}</span>}>
          <RunDurationChart runs={runs.data?.data.items ?? []} />
          <UrlServerTable<CronJobRun>
            query={runs}
            columns={columns}
            filters={filters}
            setFilters={setFilters}
            sizes={[10, 20, 50]}
            emptyText={runs.isError ? t('cronjobs.runs.loadFailed') : t('cronjobs.runs.empty')}
          />
        </ScreenCard>
      )}
    </Space>
  );
}
