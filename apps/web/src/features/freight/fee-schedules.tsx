import './locales';
import { useState } from 'react';
import { Alert, App, Button, DatePicker, Descriptions, Empty, Form, Modal, Skeleton, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { CheckCircleOutlined, DeleteOutlined, DownloadOutlined, EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FLIGHT_FEES, FREIGHT_LIMITS, type FeeSchedule, type FlightFeeRow } from '@exship/contracts';
import { ImportWizard } from '../../shared/import-wizard';
import { StatusTag, useDownload } from '../../shared/list-ui';
import { usd } from '../../shared/money';
import { loadFailureOf, ResponsiveTable } from '../../shared/responsive-table';
import { DeleteConfirm, useCan } from '../../shared/screen';
import { useAction } from '../../shared/use-action';
import { FREIGHT_KEY, freightApi, schedulesKey, type FeeImportResult } from './api';
import { feeLabel, routeOf, useFormatDate } from './shared';

// Flight fee schedules (docs/air-freight.md "Fees"): per airline, dated versions like the price
// tables — the template with exactly the SPEC §3 columns, the import (review → commit, row errors and
// the error workbook as every import here) into one draft per airline, the preview of a draft, its
// activation (asked first: it prices the airline's freights from its date and archives the active
// one) and the deletion of a draft (asked first).

/** The effective date as the import takes it (YYYY-MM-DD, the day the schedule starts pricing). */
const dayOf = (d: Dayjs) => d.format('YYYY-MM-DD');
/** The effective day as stored (midnight UTC of that day), DD-MM-YYYY. */
export const showDay = (iso: string) => iso.slice(0, 10).split('-').reverse().join('-');

/** The fees of one schedule: one row per route, one column per fee any route charges. */
export function FeeTable({ schedule }: { schedule: FeeSchedule }) {
  const { t } = useTranslation();
  const used = FLIGHT_FEES.filter((f) => schedule.rows.some((r) => (r.fees[f.key] ?? 0) > 0));
  const columns: TableColumnsType<FlightFeeRow> = [
    { title: t('air.fee.route'), key: 'route', fixed: 'left', render: (_: unknown, r) => <strong>{routeOf(r.departureAirportCode, r.arrivalAirportCode)}</strong> },
    ...used.map((f) => ({
      title: (
        <span style={{ whiteSpace: 'nowrap' }}>
          {feeLabel(f.key, t)}
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 11, fontWeight: 400 }}>
            {t(`air.fee.basis.${f.basis}`)}
          </Typography.Text>
        </span>
      ),
      key: f.key,
      align: 'right' as const,
      render: (_: unknown, r: FlightFeeRow) => ((r.fees[f.key] ?? 0) > 0 ? usd(r.fees[f.key]) : '—'),
    })),
  ];
  return (
    <ResponsiveTable<FlightFeeRow>
      size="small"
      rowKey={(r) => `${r.departureAirportCode}-${r.arrivalAirportCode}`}
      columns={columns}
      dataSource={schedule.rows}
      pagination={schedule.rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('air.schedule.noRoutes')} /> }}
    />
  );
}

/** The import in a dialog: the date the drafts take effect, then the shared wizard. */
function FeeImportModal({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: (r: FeeImportResult) => void }) {
  const { t } = useTranslation();
  const download = useDownload();
  const [effectiveFrom, setEffectiveFrom] = useState<Dayjs>(() => dayjs().startOf('day'));
  const template = () => download.run('template', () => freightApi.feeTemplate());
  const airlinesOf = (r: FeeImportResult) => [...new Set(r.rows.map((x) => x.airlineCode))].join(', ');
  return (
    <Modal open={open} title={t('air.schedule.importTitle')} onCancel={onClose} footer={null} width={820} style={{ maxWidth: 'calc(100vw - 16px)' }} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label={t('air.schedule.effectiveFrom')} htmlFor="fee-effective-from" extra={t('air.schedule.effectiveHint')} required>
          <DatePicker id="fee-effective-from" format="DD-MM-YYYY" allowClear={false} value={effectiveFrom} onChange={(d) => d && setEffectiveFrom(d.startOf('day'))} />
        </Form.Item>
      </Form>
      <ImportWizard<'fees', FeeImportResult>
        open
        embedded
        title={t('air.schedule.importTitle')}
        onClose={onClose}
        kinds={[{ value: 'fees', label: t('air.schedule.importTitle'), help: t('air.schedule.importHelp', { count: FLIGHT_FEES.length }), template }]}
        upload={(_kind, file, opts) => freightApi.importFees(file, opts.onlyValidate, dayOf(effectiveFrom))}
        deletableRows={false}
        maxBytes={FREIGHT_LIMITS.feeImportMaxBytes}
        reviewRows={(r) => r.rows.map((x) => ({ row: x.row, [t('air.fee.airline')]: x.airlineCode, [t('air.fee.route')]: x.route.replace('-', ' → ') }))}
        describe={(r, stage) =>
          stage === 'validated'
            ? t('air.schedule.validated', { count: r.rows.length, airlines: airlinesOf(r), date: effectiveFrom.format('DD-MM-YYYY') })
            : t('air.schedule.imported', { count: r.schedules.length, airlines: r.schedules.map((s) => s.airlineCode).join(', ') })
        }
        confirmLabel={(r) => t('air.schedule.importDrafts', { count: new Set(r.rows.map((x) => x.airlineCode)).size })}
        onImported={onImported}
      />
    </Modal>
  );
}

/**
 * The fee schedules of one airline (or of all), with template, import, preview, activate and delete.
 * Needs EX-FLIGHT-MANAGE (the routes ask for it); without it a line says so.
 */
export function FeeSchedulesPanel({ airlineCode }: { airlineCode?: string }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const can = useCan();
  const fmt = useFormatDate();
  const queryClient = useQueryClient();
  const templateDownload = useDownload();
  const manage = can('EX-FLIGHT-MANAGE');
  const [importing, setImporting] = useState(false);
  const [previewing, setPreviewing] = useState<FeeSchedule | null>(null);
  const list = useQuery({ queryKey: schedulesKey(airlineCode), queryFn: ({ signal }) => freightApi.schedules(airlineCode, signal), enabled: manage });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [FREIGHT_KEY] });

  const activation = useAction((s: FeeSchedule) => freightApi.activateSchedule(s._id), { success: 'freight.scheduleActivated', invalidate: [[FREIGHT_KEY]], onSuccess: () => setPreviewing(null) });
  const removal = useAction((s: FeeSchedule) => freightApi.deleteSchedule(s._id), { success: 'freight.scheduleDeleted', invalidate: [[FREIGHT_KEY]], onSuccess: () => setPreviewing(null) });
  const confirmActivate = (s: FeeSchedule) =>
    modal.confirm({
      title: t('air.schedule.activateTitle', { airline: s.airlineCode }),
      content: t('air.schedule.activateConfirm', { airline: s.airlineCode, date: showDay(s.effectiveFrom), count: s.rows.length }),
      okText: t('air.schedule.activate'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await activation.run(s);
      },
    });

  if (!manage) return <Alert type="info" showIcon title={t('air.schedule.noAccess')} />;

  const rows = list.data ?? [];
  const active = airlineCode ? rows.find((s) => s.status === 'active') : undefined;
  const columns: TableColumnsType<FeeSchedule> = [
    ...(airlineCode ? [] : [{ title: t('air.fee.airline'), dataIndex: 'airlineCode', render: (v: string) => <strong>{v}</strong> }]),
    { title: t('air.common.status'), dataIndex: 'status', render: (v: string) => <StatusTag status={v} /> },
    { title: t('air.schedule.effectiveFrom'), dataIndex: 'effectiveFrom', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{showDay(v)}</span> },
    { title: t('air.schedule.routes'), key: 'routes', align: 'right', render: (_: unknown, s) => s.rows.length },
    {
      title: t('air.schedule.importedAt'),
      dataIndex: 'createdAt',
      render: (v: string, s) => (
        <Space orientation="vertical" size={0}>
          <span style={{ whiteSpace: 'nowrap' }}>{fmt(v)}</span>
          {s.createdBy && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{s.createdBy}</Typography.Text>}
        </Space>
      ),
    },
    { title: t('air.schedule.activatedAt'), dataIndex: 'activatedAt', render: (v: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{fmt(v)}</span> },
    {
      title: t('net.common.actions'),
      key: 'actions',
      render: (_: unknown, s) => (
        <Space wrap size={4}>
          <Button size="small" icon={<EyeOutlined />} onClick={() => setPreviewing(s)} aria-label={t('air.schedule.previewOf', { airline: s.airlineCode, date: showDay(s.effectiveFrom) })}>
            {t('air.schedule.preview')}
          </Button>
          {s.status === 'draft' && (
            <Button size="small" type="primary" icon={<CheckCircleOutlined />} onClick={() => confirmActivate(s)}>
              {t('air.schedule.activate')}
            </Button>
          )}
          {s.status === 'draft' && (
            <DeleteConfirm title={t('air.schedule.deleteConfirm', { airline: s.airlineCode, date: showDay(s.effectiveFrom) })} okText={t('net.common.delete')} onConfirm={() => removal.run(s)}>
              <Button size="small" danger icon={<DeleteOutlined />}>
                {t('air.schedule.deleteDraft')}
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
        {t('air.schedule.help')}
      </Typography.Paragraph>
      {airlineCode && (
        <Descriptions size="small" bordered column={{ xs: 1, sm: 3 }} title={t('air.schedule.inForce')}>
          {list.isPending ? (
            <Descriptions.Item>
              <Skeleton active paragraph={{ rows: 1 }} title={false} />
            </Descriptions.Item>
          ) : active ? (
            <>
              <Descriptions.Item label={t('air.schedule.effectiveFrom')}>{showDay(active.effectiveFrom)}</Descriptions.Item>
              <Descriptions.Item label={t('air.schedule.routes')}>{active.rows.length}</Descriptions.Item>
              <Descriptions.Item label={t('air.schedule.activatedAt')}>{fmt(active.activatedAt)}</Descriptions.Item>
            </>
          ) : (
            <Descriptions.Item>
              <Typography.Text type="warning">{t('air.schedule.noneActive')}</Typography.Text>
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
      <Space wrap>
        <Button icon={<DownloadOutlined />} loading={templateDownload.busy === 'template'} onClick={() => templateDownload.run('template', () => freightApi.feeTemplate())}>
          {t('net.common.template')}
        </Button>
        <Button type="primary" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
          {t('air.schedule.import')}
        </Button>
      </Space>
      <ResponsiveTable<FeeSchedule>
        size="small"
        rowKey="_id"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        loadFailure={loadFailureOf(list)}
        pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        locale={{ emptyText: list.isLoading ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('air.schedule.empty')} /> }}
      />
      <FeeImportModal
        open={importing}
        onClose={() => setImporting(false)}
        onImported={(r) => {
          void refresh();
          if (r.schedules.length === 1) {
            setImporting(false);
            setPreviewing(r.schedules[0]!);
          }
        }}
      />
      <Modal
        open={previewing !== null}
        title={previewing ? t('air.schedule.previewTitle', { airline: previewing.airlineCode, date: showDay(previewing.effectiveFrom) }) : ''}
        onCancel={() => setPreviewing(null)}
        width={1100}
        style={{ maxWidth: 'calc(100vw - 16px)' }}
        destroyOnHidden
        footer={
          <Space wrap style={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => setPreviewing(null)}>{t('net.common.close')}</Button>
            {previewing?.status === 'draft' && (
              <DeleteConfirm title={t('air.schedule.deleteConfirm', { airline: previewing.airlineCode, date: showDay(previewing.effectiveFrom) })} okText={t('net.common.delete')} onConfirm={() => removal.run(previewing)}>
                <Button danger icon={<DeleteOutlined />}>
                  {t('air.schedule.deleteDraft')}
                </Button>
              </DeleteConfirm>
            )}
            {previewing?.status === 'draft' && (
              <Button type="primary" icon={<CheckCircleOutlined />} onClick={() => confirmActivate(previewing)}>
                {t('air.schedule.activate')}
              </Button>
            )}
          </Space>
        }
      >
        {previewing && (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <Space wrap size={8}>
              <StatusTag status={previewing.status} />
              <Tag>{t('air.schedule.routesCount', { count: previewing.rows.length })}</Tag>
              <Typography.Text type="secondary">{t('air.schedule.previewHelp')}</Typography.Text>
            </Space>
            <FeeTable schedule={previewing} />
          </Space>
        )}
      </Modal>
    </Space>
  );
}
