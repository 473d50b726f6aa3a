import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Progress, Result, Space, Steps, Table, Typography, Upload, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, DownloadOutlined, InboxOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ImportSurchargesEndpoint,
  ReadSurchargeFileEndpoint,
  SurchargeImportTemplateEndpoint,
  type ScreenDef,
  type SurchargeImportRow,
} from '@exship/contracts';
import { formatUsd, toCents } from '@exship/domain';
import { callEnvelope, download } from '../../api/call';
import { errorText } from '../../shared/api-feedback';
import { ImportErrorPanel, PROGRESS, failureOf, type ImportFailure } from '../../shared/import-wizard';
import { ScreenCard, useDownload } from '../../shared/screen';
import './import-locales';
// The surcharge reasons' words (orders.surchargeReason.*) live with the other order screens' strings.
import './locales';

// SPEC §2 /app/orders/import-surcharge (EX-ORDER-SURCHARGE-IMPORT), §4 import wizard, §5, §7, §8.
// Three steps: Upload file → Review surcharge (only with rows) → Import (only once imported). The
// server reads the xlsx (no spreadsheet parser in the browser: POST /orders/import-surcharge/file);
// the rows then go to SPEC §7's JSON call, first with onlyValidateDoNotImport, then for real.

type Step = 0 | 1 | 2;
// ORDER_IMPORT_LIMITS.surchargeMaxBytes (SPEC §5: under 10 MB), written out: a value imported from the
// contracts' schema files would bring their zod schemas into this chunk.
const MAX_BYTES = 10 * 1024 * 1024;
const maxText = `${MAX_BYTES / (1024 * 1024)} MB`;
/** SPEC §2: total with thousands separators and 2 decimals, summed in cents (no float drift). */
const totalOf = (rows: readonly SurchargeImportRow[]) => formatUsd(rows.reduce((n, r) => n + toCents(r.surcharge ?? 0), 0));

/** SPEC §2 review table: order link (new tab), $ amount, reason, detail reason (2 lines, N/A), Delete; a summary line. */
export function SurchargeReviewTable({ rows, onDelete, disabled = false }: { rows: readonly SurchargeImportRow[]; onDelete: (row: number) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<SurchargeImportRow> = [
    {
      title: t('surchargeImport.col.orderId'),
      dataIndex: 'orderId',
      render: (_: unknown, r) => (
        <a href={`/app/orders/order-detail/${encodeURIComponent(r.order?.id ?? r.orderId)}`} target="_blank" rel="noopener noreferrer">
          {r.order?.exOrderId ?? r.orderId}
        </a>
      ),
    },
    { title: t('surchargeImport.col.surcharge'), dataIndex: 'surcharge', align: 'right', render: (v: number | null) => formatUsd(toCents(v ?? 0)) },
    // The reason is one of SURCHARGE_REASONS (the template's dropdown): its words in the page's language.
    { title: t('surchargeImport.col.reason'), dataIndex: 'reason', render: (v: string) => t(`orders.surchargeReason.${v}`, { defaultValue: v }) },
    {
      title: t('surchargeImport.col.detailReason'),
      dataIndex: 'detailReason',
      // A width in pixels: with the table sized to its content, a long reason otherwise widened its
      // column to one line and pushed Delete out of the card.
      width: 320,
      render: (v: string) =>
        v ? (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: v }} style={{ margin: 0 }}>
            {v}
          </Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">{t('surchargeImport.na')}</Typography.Text>
        ),
    },
    {
      title: t('surchargeImport.col.action'),
      key: 'action',
      width: 110,
      // Stays in view when the table scrolls sideways (a phone).
      fixed: 'right',
      render: (_: unknown, r) => (
        <Button size="small" type="text" danger icon={<DeleteOutlined />} disabled={disabled} aria-label={t('surchargeImport.deleteRow', { row: r.row })} onClick={() => onDelete(r.row)}>
          {t('surchargeImport.delete')}
        </Button>
      ),
    },
  ];
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Typography.Text strong role="status">
        {t('surchargeImport.summary', { count: rows.length, total: totalOf(rows) })}
      </Typography.Text>
      <Table<SurchargeImportRow>
        size="small"
        rowKey="row"
        aria-label={t('surchargeImport.table')}
        dataSource={[...rows]}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
      />
    </Space>
  );
}

export default function ImportSurchargePage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const template = useDownload({ done: 'surchargeImport.templateDownloaded', failed: 'surchargeImport.templateFailed' });
  const [step, setStep] = useState<Step>(0);
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ImportFailure | null>(null);
  const [rows, setRows] = useState<SurchargeImportRow[]>([]);
  const [imported, setImported] = useState(false);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  /** SPEC §4: removing the chosen file resets progress and errors. */
  const reset = () => {
    setFile(null);
    setPercent(0);
    setFailure(null);
    setRows([]);
  };

  const choose = (f: File) => {
    // SPEC §5: only .xlsx (case-insensitive), under 10 MB, a single file.
    if (!/\.xlsx$/i.test(f.name)) return void message.error(t('surchargeImport.onlyXlsx'));
    if (f.size >= MAX_BYTES) return void message.error(t('surchargeImport.tooLarge', { max: maxText }));
    setFile(f);
    setFailure(null);
    setRows([]);
    setPercent(PROGRESS.chosen);
  };

  /** A call of the wizard: on an exception the progress goes to 0 and the errors are shown (SPEC §4, §8). */
  const attempt = async (start: number, run: () => Promise<void>, onFailure?: () => void) => {
    setBusy(true);
    setFailure(null);
    setPercent(start);
    try {
      await run();
    } catch (err) {
      if (!alive.current) return;
      onFailure?.();
      setPercent(PROGRESS.failed);
      const text = errorText(err, t);
      setFailure(failureOf(err, text));
      message.error(text);
    } finally {
      if (alive.current) setBusy(false);
    }
  };

  /** Upload: the server reads the file, then SPEC §7's validation-only call; only its success advances. */
  const check = async () => {
    if (!file) return void message.error(t('surchargeImport.noFile'));
    await attempt(
      PROGRESS.validating,
      async () => {
        const read = await callEnvelope(ReadSurchargeFileEndpoint, { file });
        setPercent(PROGRESS.validating + 15);
        const data = read.data.rows.map((r) => ({ ...r, surcharge: r.surcharge ?? undefined }));
        const validated = await callEnvelope(ImportSurchargesEndpoint, { body: { data, onlyValidateDoNotImport: true } });
        setRows(validated.data);
        setPercent(PROGRESS.validated);
        message.success(validated.message);
        setStep(1);
      },
      // SPEC §4: a validation failure keeps the user on upload with the rows cleared.
      () => setRows([]),
    );
  };

  const confirm = async () => {
    if (rows.length === 0) return void message.error(t('surchargeImport.noDataSelected'));
    await attempt(PROGRESS.importing, async () => {
      const data = rows.map((r) => ({ row: r.row, orderId: r.orderId, surcharge: r.surcharge ?? undefined, reason: r.reason, detailReason: r.detailReason }));
      const res = await callEnvelope(ImportSurchargesEndpoint, { body: { data } });
      setPercent(PROGRESS.imported);
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
      setPercent(PROGRESS.done);
      message.success(res.message);
      setImported(true);
      setStep(2);
    });
  };

  const progress = <Progress percent={percent} status={failure ? 'exception' : busy ? 'active' : percent === 100 ? 'success' : 'normal'} aria-label={t('surchargeImport.progress')} />;

  return (
    <ScreenCard
      title={t('screen.importSurcharge')}
      extra={
        // SPEC §2: a Back link to the previous page.
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} disabled={busy}>
          {t('surchargeImport.back')}
        </Button>
      }
    >
      <Steps
        current={step}
        size="small"
        style={{ marginBottom: 24 }}
        onChange={(next) => {
          if (busy || imported) return;
          if (next === 0 || (next === 1 && rows.length > 0)) setStep(next as Step);
        }}
        items={[
          { title: t('surchargeImport.step.upload'), disabled: busy || imported },
          // SPEC §2: reachable only when imported rows exist; Import only after the import finished.
          { title: t('surchargeImport.step.review'), disabled: busy || imported || rows.length === 0 },
          { title: t('surchargeImport.step.import'), disabled: !imported },
        ]}
      />

      {step === 0 && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Button icon={<DownloadOutlined />} loading={template.busy !== null} onClick={() => void template.run('surcharge', () => download(SurchargeImportTemplateEndpoint))}>
            {t('surchargeImport.template')}
          </Button>
          <Upload.Dragger
            accept=".xlsx"
            multiple={false}
            maxCount={1}
            // SPEC §4: the file input is disabled while a file is chosen.
            disabled={file !== null || busy}
            showUploadList={false}
            beforeUpload={(f) => {
              choose(f);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('surchargeImport.drop')}</p>
            <p className="ant-upload-hint">{t('surchargeImport.dropHint', { max: maxText })}</p>
          </Upload.Dragger>
          {file && (
            <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
              <PaperClipOutlined />
              <Typography.Text strong style={{ wordBreak: 'break-all' }}>
                {file.name}
              </Typography.Text>
              <Typography.Text type="secondary">{`${(file.size / 1024).toFixed(1)} KB`}</Typography.Text>
              <Button size="small" type="text" danger icon={<DeleteOutlined />} disabled={busy} onClick={reset} aria-label={t('surchargeImport.removeFile', { file: file.name })}>
                {t('surchargeImport.remove')}
              </Button>
            </div>
          )}
          {progress}
          {failure && <ImportErrorPanel failure={failure} />}
          <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button type="primary" onClick={() => void check()} loading={busy} disabled={!file}>
              {t('surchargeImport.check')}
            </Button>
          </div>
        </Space>
      )}

      {step === 1 && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('surchargeImport.reviewHint')}</Typography.Text>
          <SurchargeReviewTable rows={rows} disabled={busy} onDelete={(row) => setRows((all) => all.filter((r) => r.row !== row))} />
          {rows.length === 0 && <Alert type="warning" showIcon title={t('surchargeImport.noDataSelected')} />}
          {progress}
          {failure && <ImportErrorPanel failure={failure} />}
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
            <Button
              disabled={busy}
              onClick={() => {
                setStep(0);
                setFailure(null);
                setPercent(file ? PROGRESS.chosen : 0);
              }}
            >
              {t('surchargeImport.back')}
            </Button>
            <Button type="primary" onClick={() => void confirm()} loading={busy} disabled={rows.length === 0}>
              {t('surchargeImport.import')}
            </Button>
          </div>
        </Space>
      )}

      {step === 2 && imported && (
        <Result
          status="success"
          title={t('surchargeImport.success')}
          subTitle={t('surchargeImport.successHint')}
          extra={
            <Button type="primary" onClick={() => navigate('/app/orders')}>
              {t('surchargeImport.backToOrders')}
            </Button>
          }
        />
      )}
    </ScreenCard>
  );
}
