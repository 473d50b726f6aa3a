import './locales';
import { useState } from 'react';
import { Alert, App, Button, Card, Col, Descriptions, Empty, Modal, Row, Skeleton, Space, Statistic, Table, Tabs, Typography, type TableColumnsType } from 'antd';
import { CheckCircleOutlined, DeleteOutlined, DownloadOutlined, EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScreenDef } from '@exship/contracts';
import { formatDateTime } from '@exship/domain';
import { pricingApi, type PriceKind, type PricePreviewRow, type PriceVersion, type SellPrice } from '../../api/endpoints';
import { useSession } from '../../api/session';
import { errorText } from '../../shared/api-feedback';
import { useAction } from '../../shared/use-action';
import { usd } from '../../shared/money';
import { loadFailureOf, ResponsiveTable } from '../../shared/responsive-table';
import { RateShopper } from './rate-shopper';
import { CatalogImport } from './import-panel';
import { BracketTable, grams } from './price-brackets';
import { DeleteConfirm, ScreenCard, StatusTag, useCan, useDownload } from '../../shared/list-ui';

const deltaColor = (d: number | null) => (d === null || d === 0 ? undefined : d > 0 ? '#dc2626' : '#16a34a');
const signedUsd = (d: number | null) => (d === null ? '—' : d > 0 ? `+${usd(d)}` : usd(d));

/** Before/after of a draft on recent quotes: summary, a small bar chart, the sample rows. */
function PreviewBody({ versionId }: { versionId: string }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const preview = useQuery({ queryKey: ['pricing', 'preview', versionId], queryFn: ({ signal }) => pricingApi.preview(versionId, signal) });
  if (preview.isPending) return <Skeleton active />;
  if (preview.isError) return <Alert type="error" showIcon title={errorText(preview.error, t)} />;
  const { summary, rows } = preview.data.data;
  const unchanged = summary.samples - summary.increased - summary.decreased - summary.newlyUnpriced;
  const bars = [
    { key: 'increased', value: summary.increased, color: '#dc2626' },
    { key: 'decreased', value: summary.decreased, color: '#16a34a' },
    { key: 'unchanged', value: Math.max(unchanged, 0), color: '#94a3b8' },
    { key: 'newlyUnpriced', value: summary.newlyUnpriced, color: '#d97706' },
  ];
  const max = Math.max(1, ...bars.map((b) => b.value));
  const columns: TableColumnsType<PricePreviewRow> = [
    { title: t('net.preview.quotedAt'), dataIndex: 'quotedAt', render: (v: string) => formatDateTime(v, profile?.timeZone) },
    { title: t('net.field.service'), dataIndex: 'serviceCode' },
    { title: t('net.preview.destination'), dataIndex: 'destination' },
    { title: t('net.preview.weight'), dataIndex: 'weight', align: 'right', render: (g: number) => grams(g) },
    { title: t('net.preview.before'), dataIndex: 'before', align: 'right', render: (v: number | null) => (v === null ? '—' : usd(v)) },
    {
      title: t('net.preview.after'),
      dataIndex: 'after',
      align: 'right',
      render: (v: number | null, r) => (v === null ? <Typography.Text type="warning">{r.afterError ? t('net.preview.unpriced') : '—'}</Typography.Text> : usd(v)),
    },
    {
      title: t('net.preview.delta'),
      dataIndex: 'delta',
      align: 'right',
      sorter: (a, b) => (a.delta ?? 0) - (b.delta ?? 0),
      render: (d: number | null) => <span style={{ color: deltaColor(d), fontWeight: d ? 600 : undefined }}>{signedUsd(d)}</span>,
    },
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Row gutter={[12, 12]}>
        <Col xs={12} md={6}>
          <Statistic title={t('net.preview.samples')} value={summary.samples} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('net.preview.changed')} value={summary.changed} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('net.preview.averageDelta')} value={signedUsd(summary.averageDelta)} styles={{ content: { color: deltaColor(summary.averageDelta) } }} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('net.preview.newlyUnpriced')} value={summary.newlyUnpriced} styles={{ content: { color: summary.newlyUnpriced ? '#d97706' : undefined } }} />
        </Col>
      </Row>
      <div role="img" aria-label={t('net.preview.chart')} style={{ display: 'grid', gap: 6 }}>
        {bars.map((b) => (
          <div key={b.key} style={{ display: 'grid', gridTemplateColumns: '140px 1fr 40px', alignItems: 'center', gap: 8 }}>
            <span style={{ fontSize: 13 }}>{t(`net.preview.${b.key}`)}</span>
            <div style={{ background: '#f1f5f9', borderRadius: 4, height: 14 }}>
              <div style={{ width: `${(b.value / max) * 100}%`, background: b.color, height: '100%', borderRadius: 4, minWidth: b.value ? 4 : 0 }} />
            </div>
            <span style={{ fontSize: 13, textAlign: 'right' }}>{b.value}</span>
          </div>
        ))}
      </div>
      {summary.samples === 0 && <Alert type="info" showIcon title={t('net.preview.noSamples')} />}
      <Table<PricePreviewRow>
        size="small"
        rowKey="sampleId"
        columns={columns}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: t('net.preview.noSamples') }}
      />
    </Space>
  );
}

/** One price table kind: the active version, the versions list, template, import, preview, activate, export. */
function VersionPanel({ kind }: { kind: PriceKind }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { profile } = useSession();
  const queryClient = useQueryClient();
  const download = useDownload();
  const [importing, setImporting] = useState(false);
  const [previewing, setPreviewing] = useState<PriceVersion | null>(null);
  const versions = useQuery({ queryKey: ['pricing', 'versions', kind], queryFn: ({ signal }) => pricingApi.versions(kind, signal) });
  const list = versions.data?.data ?? [];
  const active = list.find((v) => v.status === 'active');
  const tz = profile?.timeZone;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['pricing'] });

  const activation = useAction((v: PriceVersion) => pricingApi.activate(v.id), { success: 'net.pricing.activated', onSuccess: () => setPreviewing(null), invalidate: [['pricing']] });
  const removal = useAction((v: PriceVersion) => pricingApi.deleteDraft(v.id), { success: 'net.common.deleted', invalidate: [['pricing']] });
  const activate = async (v: PriceVersion) => {
    await activation.run(v);
  };
  const removeDraft = async (v: PriceVersion) => {
    await removal.run(v);
  };
  const confirmActivate = (v: PriceVersion) =>
    modal.confirm({
      title: t('net.pricing.activateTitle'),
      content: t('net.pricing.activateConfirm', { file: v.fileName }),
      okText: t('net.pricing.activate'),
      cancelText: t('common.cancel'),
      onOk: () => activate(v),
    });

  const columns: TableColumnsType<PriceVersion> = [
    { title: t('net.pricing.file'), dataIndex: 'fileName' },
    { title: t('net.field.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
    { title: t('net.pricing.rows'), dataIndex: 'rowCount', align: 'right' },
    { title: t('net.pricing.importedAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v, tz) },
    { title: t('net.pricing.activatedAt'), dataIndex: 'activatedAt', render: (v: string | null) => (v ? formatDateTime(v, tz) : '—') },
    {
      title: t('net.common.actions'),
      key: 'actions',
      fixed: 'right' as const,
      render: (_, v) => (
        <Space wrap size={4}>
          <Button size="small" icon={<EyeOutlined />} onClick={() => setPreviewing(v)}>
            {t('net.pricing.preview')}
          </Button>
          {v.status === 'draft' && (
            <Button size="small" type="primary" icon={<CheckCircleOutlined />} onClick={() => confirmActivate(v)}>
              {t('net.pricing.activate')}
            </Button>
          )}
          <Button size="small" icon={<DownloadOutlined />} loading={download.busy === v.id} onClick={() => download.run(v.id, () => pricingApi.exportVersion(kind, v.id))}>
            {t('net.common.export')}
          </Button>
          {v.status === 'draft' && (
            <DeleteConfirm title={t('net.pricing.deleteConfirm', { file: v.fileName })} okText={t('net.common.delete')} onConfirm={() => removeDraft(v)}>
              <Button size="small" danger icon={<DeleteOutlined />}>
                {t('net.pricing.deleteDraft')}
              </Button>
            </DeleteConfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t(`net.pricing.${kind}.help`)}
      </Typography.Paragraph>
      <Card size="small" title={t('net.pricing.activeVersion')}>
        {versions.isPending ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : active ? (
          <Descriptions size="small" column={{ xs: 1, sm: 3 }}>
            <Descriptions.Item label={t('net.pricing.file')}>{active.fileName}</Descriptions.Item>
            <Descriptions.Item label={t('net.pricing.rows')}>{active.rowCount}</Descriptions.Item>
            <Descriptions.Item label={t('net.pricing.activatedAt')}>{active.activatedAt ? formatDateTime(active.activatedAt, tz) : '—'}</Descriptions.Item>
          </Descriptions>
        ) : (
          <Typography.Text type="warning">{t('net.pricing.noActive')}</Typography.Text>
        )}
      </Card>
      <Space wrap>
        <Button icon={<DownloadOutlined />} loading={download.busy === 'template'} onClick={() => download.run('template', () => pricingApi.template(kind))}>
          {t('net.common.template')}
        </Button>
        <Button type="primary" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
          {t('net.common.import')}
        </Button>
        <Button icon={<DownloadOutlined />} disabled={!active} loading={download.busy === 'export'} onClick={() => download.run('export', () => pricingApi.exportVersion(kind))}>
          {t('net.pricing.exportActive')}
        </Button>
      </Space>
      <ResponsiveTable<PriceVersion>
        rowKey="id"
        columns={columns}
        dataSource={list}
        loading={versions.isFetching}
        loadFailure={loadFailureOf(versions)}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: t('net.pricing.noVersions') }}
      />
      <CatalogImport
        open={importing}
        title={t(`net.pricing.${kind}.importTitle`)}
        onClose={() => setImporting(false)}
        upload={(file, onlyValidate, skipRows) => pricingApi.importFile(kind, file, onlyValidate, skipRows)}
        importLabel={t('net.pricing.importDraft')}
        describeValid={(r) => t('net.pricing.importValid', { rows: r.rows })}
        onImported={(r) => {
          void refresh();
          if (r.version) {
            setImporting(false);
            setPreviewing(r.version);
          }
        }}
      />
      <Modal
        open={previewing !== null}
        title={previewing ? t('net.preview.title', { file: previewing.fileName }) : ''}
        onCancel={() => setPreviewing(null)}
        width={960}
        style={{ maxWidth: 'calc(100vw - 16px)' }}
        destroyOnHidden
        footer={
          <Space wrap>
            <Button onClick={() => setPreviewing(null)}>{t('net.common.close')}</Button>
            {previewing?.status === 'draft' && (
              <Button type="primary" icon={<CheckCircleOutlined />} onClick={() => confirmActivate(previewing)}>
                {t('net.pricing.activate')}
              </Button>
            )}
          </Space>
        }
      >
        {previewing && <PreviewBody versionId={previewing.id} />}
      </Modal>
    </Space>
  );
}

/** The sell price list: each active service with its brackets (what a seller pays). */
function SellPriceList({ prices, loading, error }: { prices: SellPrice[]; loading: boolean; error: unknown }) {
  const { t } = useTranslation();
  if (loading) return <Skeleton active />;
  if (error) return <Alert type="error" showIcon title={errorText(error, t)} />;
  if (prices.length === 0) return <Empty description={t('net.pricing.noServices')} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {prices.map((p) => (
        <Card
          key={p.service.id}
          size="small"
          title={
            <Link to={`/app/carrier/service/${p.service.id}`}>
              {p.service.code} — {p.service.name}
            </Link>
          }
          extra={<Typography.Text type="secondary">{t('net.pricing.signatureFee', { fee: usd(p.service.signatureFee) })}</Typography.Text>}
        >
          <BracketTable brackets={p.brackets} size="small" />
        </Card>
      ))}
    </Space>
  );
}

/** Rate shopping first (what a seller comes here for), then the price list of every service. */
function PricesAndQuote() {
  const { t } = useTranslation();
  const can = useCan();
  const prices = useQuery({ queryKey: ['pricing', 'sell-prices'], queryFn: ({ signal }) => pricingApi.sellPrices(signal) });
  return (
    <Space orientation="vertical" size={24} style={{ width: '100%' }}>
      {can('EX-QUOTE') && <RateShopper />}
      <section>
        <Typography.Title level={2} style={{ marginTop: 0, fontSize: 16 }}>
          {t('net.pricing.sellPrices')}
        </Typography.Title>
        <SellPriceList prices={prices.data?.data ?? []} loading={prices.isPending} error={prices.error} />
      </section>
    </Space>
  );
}

const TABS = ['service', 'carrier', 'quote'] as const;

/**
 * SPEC §2 /app/carrier/pricing. Staff with price management get the two price tables (service
 * sell prices and carrier costs) as dated versions, plus the price list and quote; a seller sees
 * the price list and the quote calculator.
 */
export default function PricingPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  if (!can('EX-PRICING-MANAGE')) {
    return (
      <ScreenCard title={t('menu.price')}>
        <PricesAndQuote />
      </ScreenCard>
    );
  }
  const requested = params.get('tab');
  const tab = (TABS as readonly string[]).includes(requested ?? '') ? requested! : 'service';
  return (
    <ScreenCard title={t('screen.pricing')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'service' ? {} : { tab: key })}
        items={[
          { key: 'service', label: t('net.pricing.tab.service'), children: tab === 'service' && <VersionPanel kind="service" /> },
          { key: 'carrier', label: t('net.pricing.tab.carrier'), children: tab === 'carrier' && <VersionPanel kind="carrier" /> },
          { key: 'quote', label: t('net.pricing.tab.quote'), children: tab === 'quote' && <PricesAndQuote /> },
        ]}
      />
    </ScreenCard>
  );
}
