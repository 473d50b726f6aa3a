import { Button, Card, Col, Row, Select, Space, Tabs, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@exship/domain';
import { ADDRESS_CHECK_STATUSES, type AddressCheckBatch, type AddressCheckRow, type ScreenDef } from '@exship/contracts';
import { useSession } from '../../api/session';
import { loadFailureOf, ResponsiveTable } from '../../shared/responsive-table';
import { ScreenCard, serverPagination, useDownload, useUrlState } from '../../shared/list-ui';
import { PHONE_QUERY, useMediaQuery } from '../../shared/use-media-query';
import { addressCheckApi } from './api';
import { AddressStatusTag, useSuggestionText } from './address-result';
import { FileCheckCard } from './file-check-card';
import { SingleCheckCard } from './single-check-card';
import './locales';

// SPEC §2 /app/check-address (EX-ADDRESS-CHECK): one address in a form or an xlsx file; the history of
// checks and the rows of the chosen one by status (§3 row: state, status, full address, reason,
// suggested correction, checked date), exportable. The chosen check, tab and pages live in the URL.

const DEFAULTS = { batch: '', status: 'all', page: '1', pageSize: '10', hpage: '1' };
const KEY = 'address-checks';

export default function AddressCheckPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const tz = profile?.timeZone;
  const phone = useMediaQuery(PHONE_QUERY);
  const queryClient = useQueryClient();
  const exporter = useDownload();
  const suggestionText = useSuggestionText();
  const [filters, setFilters] = useUrlState(DEFAULTS);

  const batches = useQuery({
    queryKey: [KEY, 'batches', filters.hpage],
    queryFn: ({ signal }) => addressCheckApi.batches({ page: filters.hpage, pageSize: '5' }, signal),
    placeholderData: keepPreviousData,
  });
  const chosen = filters.batch || batches.data?.data.items[0]?.id || '';
  const rows = useQuery({
    queryKey: [KEY, 'rows', chosen, filters.status, filters.page, filters.pageSize],
    queryFn: ({ signal }) => addressCheckApi.rows(chosen, { status: filters.status, page: filters.page, pageSize: filters.pageSize }, signal),
    enabled: !!chosen,
    placeholderData: keepPreviousData,
    // A batch waiting for the address provider is refreshed until it is done.
    refetchInterval: (q) => (q.state.data?.data.batch.status === 'pending' ? 5000 : false),
  });
  const batch = rows.data?.data.batch;

  const refresh = () => void queryClient.invalidateQueries({ queryKey: [KEY] });
  const choose = (id: string) => setFilters({ batch: id, hpage: filters.hpage });

  const batchColumns: TableColumnsType<AddressCheckBatch> = [
    { title: t('addressCheck.history.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v, tz) },
    {
      title: t('addressCheck.history.source'),
      dataIndex: 'source',
      render: (_: unknown, b) => (b.source === 'file' ? (b.fileName ?? t('addressCheck.history.file')) : t('addressCheck.history.single')),
    },
    { title: t('addressCheck.history.status'), dataIndex: 'status', render: (v: string) => t(`addressCheck.batchStatus.${v}`) },
    {
      title: t('addressCheck.history.counts'),
      key: 'counts',
      render: (_: unknown, b) => t('addressCheck.history.countsValue', { total: b.total, valid: b.valid, invalid: b.invalid, pending: b.pending }),
    },
    {
      title: t('addressCheck.history.actions'),
      key: 'actions',
      render: (_: unknown, b) => (
        <Button size="small" type={b.id === chosen ? 'primary' : 'default'} onClick={() => choose(b.id)} aria-pressed={b.id === chosen}>
          {t('addressCheck.history.view')}
        </Button>
      ),
    },
  ];

  const rowColumns: TableColumnsType<AddressCheckRow> = [
    { title: t('addressCheck.rows.row'), dataIndex: 'rowNumber', width: 64 },
    { title: t('addressCheck.field.state'), dataIndex: 'state', width: 80 },
    { title: t('addressCheck.rows.status'), dataIndex: 'status', width: 110, render: (v: AddressCheckRow['status']) => <AddressStatusTag status={v} /> },
    { title: t('addressCheck.rows.fullAddress'), dataIndex: 'fullAddress' },
    {
      title: t('addressCheck.rows.reason'),
      dataIndex: 'reasonText',
      render: (v: string, r) => v || (r.note ? <Typography.Text type="secondary">{t(`addressCheck.note.${r.note}`)}</Typography.Text> : '—'),
    },
    { title: t('addressCheck.rows.suggestion'), dataIndex: 'suggestion', render: (v: AddressCheckRow['suggestion']) => suggestionText(v) || '—' },
    { title: t('addressCheck.rows.checkedAt'), dataIndex: 'checkedAt', width: 170, render: (v: string | null) => (v ? formatDateTime(v, tz) : '—') },
  ];

  const tabs = ['all', ...ADDRESS_CHECK_STATUSES];
  const tabLabel = (key: string) => {
    const count = !batch ? undefined : key === 'all' ? batch.total : batch[key as 'valid'];
    return `${t(`addressCheck.tab.${key}`)}${count === undefined ? '' : ` (${count})`}`;
  };

  return (
    <ScreenCard title={t('screen.checkAddress')}>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <SingleCheckCard onChecked={() => void refresh()} />
        </Col>
        <Col xs={24} xl={12}>
          <FileCheckCard
            onChecked={(b) => {
              refresh();
              setFilters({ batch: b.id, hpage: '1' });
            }}
          />
        </Col>
        <Col xs={24}>
          <Card size="small" title={t('addressCheck.history.title')} role="region" aria-label={t('addressCheck.history.title')}>
            <ResponsiveTable<AddressCheckBatch>
              rowKey="id"
              columns={batchColumns}
              dataSource={batches.data?.data.items}
              loading={batches.isFetching}
              loadFailure={loadFailureOf(batches)}
              locale={{ emptyText: t('addressCheck.history.empty') }}
              pagination={serverPagination(Number(filters.hpage), 5, batches.data?.data.total, (hpage) => setFilters({ hpage, batch: filters.batch }), t, [5])}
            />
          </Card>
        </Col>
        {chosen && (
          <Col xs={24}>
            <Card
              size="small"
              role="region"
              aria-label={t('addressCheck.rows.title')}
              title={batch ? t('addressCheck.rows.titleOf', { name: batch.fileName ?? t('addressCheck.history.single'), date: formatDateTime(batch.createdAt, tz) }) : t('addressCheck.rows.title')}
              extra={
                <Button icon={<DownloadOutlined />} loading={exporter.busy === 'export'} onClick={() => exporter.run('export', () => addressCheckApi.export(chosen, filters.status))}>
                  {t('addressCheck.rows.export')}
                </Button>
              }
            >
              <Space orientation="vertical" size={8} style={{ width: '100%' }}>
                {phone ? (
                  <Select
                    aria-label={t('addressCheck.rows.status')}
                    value={filters.status}
                    onChange={(status: string) => setFilters({ status, batch: filters.batch, hpage: filters.hpage })}
                    style={{ width: '100%' }}
                    options={tabs.map((key) => ({ value: key, label: tabLabel(key) }))}
                  />
                ) : (
                  <Tabs size="small" activeKey={filters.status} onChange={(status) => setFilters({ status, batch: filters.batch, hpage: filters.hpage })} items={tabs.map((key) => ({ key, label: tabLabel(key) }))} />
                )}
                <ResponsiveTable<AddressCheckRow>
                  rowKey="id"
                  columns={rowColumns}
                  dataSource={rows.data?.data.items}
                  loading={rows.isFetching}
                  loadFailure={loadFailureOf(rows)}
                  locale={{ emptyText: t('addressCheck.rows.empty') }}
                  pagination={serverPagination(Number(filters.page), Number(filters.pageSize), rows.data?.data.total, (page, pageSize) => setFilters({ page, pageSize, batch: filters.batch, status: filters.status, hpage: filters.hpage }), t)}
                />
              </Space>
            </Card>
          </Col>
        )}
      </Row>
    </ScreenCard>
  );
}
