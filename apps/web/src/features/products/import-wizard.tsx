import { useState } from 'react';
import { Alert, App, Button, Modal, Progress, Radio, Space, Steps, Table, Typography, Upload } from 'antd';
import { CheckCircleFilled, DeleteOutlined, DownloadOutlined, InboxOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PRODUCT_LIMITS } from '@exship/contracts';
import { ApiError } from '../../api/client';
import { productsApi, type ProductImportKind, type ProductImportResult } from '../../api/endpoints';
import { errorText } from '../../shared/api-feedback';
import { saveBase64, useTemplateDownload, type ErrorWorkbook } from './shared';

// SPEC §4 import wizard: upload → review → done. Upload advances only when the validate-only call
// succeeds (its rows are kept); a validation failure stays on upload with the rows cleared.
// Progress marks 1, 30, 60, 70, 90, 100, and 0 on an exception. The file input is disabled while a
// file is chosen; removing the file resets progress and errors.
// SPEC §8: a panel lists the first 3 errors, and the error workbook can be downloaded.
export const PROGRESS = { chosen: 1, validating: 30, validated: 60, importing: 70, imported: 90, done: 100, failed: 0 } as const;
const FIRST_ERRORS = 3;

interface Failure {
  message: string;
  errors: { row: number | null; column: string; message: string }[];
  invalidRows: number | null;
  workbook: ErrorWorkbook | null;
}

/** 'rows.7.SKU' → row 7, column SKU. */
export function parseRowField(field: string): { row: number | null; column: string } {
  const m = /^rows\.(\d+)\.?(.*)$/.exec(field);
  return m ? { row: Number(m[1]), column: m[2] ?? '' } : { row: null, column: field };
}

function failureOf(err: unknown, fallback: string): Failure {
  const api = err instanceof ApiError ? err : null;
  const wb = api?.details?.errorWorkbook as ErrorWorkbook | undefined;
  return {
    message: fallback,
    errors: (api?.errors ?? []).map((e) => ({ ...parseRowField(e.field), message: e.message })),
    invalidRows: typeof api?.details?.invalidRows === 'number' ? api.details.invalidRows : null,
    workbook: wb && typeof wb.base64 === 'string' ? wb : null,
  };
}

/** Lists the first 3 row errors and offers the error workbook. */
export function ImportErrorPanel({ failure }: { failure: Failure }) {
  const { t } = useTranslation();
  const first = failure.errors.slice(0, FIRST_ERRORS);
  return (
    <Alert
      type="error"
      showIcon
      title={failure.message}
      description={
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          {first.length > 0 && (
            <ul style={{ margin: 0, paddingInlineStart: 20 }} aria-label={t('products.import.firstErrors')}>
              {first.map((e, i) => (
                <li key={i}>
                  {e.row !== null ? t('products.import.rowError', { row: e.row, column: e.column || '—', message: e.message }) : e.message}
                </li>
              ))}
            </ul>
          )}
          {failure.invalidRows !== null && <Typography.Text type="secondary">{t('products.import.invalidRows', { count: failure.invalidRows })}</Typography.Text>}
          {failure.workbook && (
            <Button icon={<DownloadOutlined />} onClick={() => saveBase64(failure.workbook!)}>
              {t('products.import.downloadErrors')}
            </Button>
          )}
        </Space>
      }
    />
  );
}

type Step = 0 | 1 | 2;

export function ImportWizard({ open, onClose, kinds }: { open: boolean; onClose: () => void; kinds: ProductImportKind[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const template = useTemplateDownload();
  const [kind, setKind] = useState<ProductImportKind>(kinds[0] ?? 'product');
  const [step, setStep] = useState<Step>(0);
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [checked, setChecked] = useState<ProductImportResult | null>(null);
  const [result, setResult] = useState<{ message: string; data: ProductImportResult } | null>(null);
  const maxMb = PRODUCT_LIMITS.importMaxBytes / (1024 * 1024);

  const reset = () => {
    setStep(0);
    setFile(null);
    setPercent(0);
    setFailure(null);
    setChecked(null);
    setResult(null);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const choose = (f: File) => {
    // SPEC §5: only .xlsx (case-insensitive), under 10 MB, a single file.
    if (!/\.xlsx$/i.test(f.name)) {
      message.error(t('products.import.onlyXlsx'));
      return;
    }
    if (f.size > PRODUCT_LIMITS.importMaxBytes) {
      message.error(t('products.import.tooLarge', { max: `${maxMb} MB` }));
      return;
    }
    setFile(f);
    setFailure(null);
    setChecked(null);
    setPercent(PROGRESS.chosen);
  };

  /** One call of the wizard (validate or import): busy while it runs; a failure shows its errors at 0 %. */
  const attempt = async (startPercent: number, call: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    setPercent(startPercent);
    try {
      await call();
    } catch (err) {
      setPercent(PROGRESS.failed);
      const text = errorText(err, t);
      setFailure(failureOf(err, text));
      message.error(text);
    } finally {
      setBusy(false);
    }
  };

  const validate = async () => {
    if (!file) {
      message.error(t('products.import.noFile'));
      return;
    }
    setChecked(null);
    await attempt(PROGRESS.validating, async () => {
      const res = await productsApi.importFile(kind, file, true);
      setPercent(PROGRESS.validated);
      setChecked(res.data);
      message.success(res.message || t('products.import.valid'));
      setStep(1);
    });
  };

  const confirm = async () => {
    if (!file) return;
    await attempt(PROGRESS.importing, async () => {
      const res = await productsApi.importFile(kind, file, false);
      setPercent(PROGRESS.imported);
      await queryClient.invalidateQueries({ queryKey: ['products'] });
      await queryClient.invalidateQueries({ queryKey: ['weight-configs'] });
      setResult({ message: res.message || t('products.import.done'), data: res.data });
      setPercent(PROGRESS.done);
      message.success(res.message || t('products.import.done'));
      setStep(2);
    });
  };

  const headers = checked?.rows[0] ? Object.keys(checked.rows[0]).filter((k) => k !== 'row') : [];
  const summary = (r: ProductImportResult) =>
    r.created ? t('products.import.created', { products: r.created.products, variants: r.created.variants }) : t('products.import.updated', { count: r.updated ?? r.totalRows });

  return (
    <Modal
      open={open}
      title={t('products.import.title')}
      onCancel={close}
      footer={null}
      width={step === 1 ? 1000 : 640}
      style={{ maxWidth: 'calc(100vw - 16px)' }}
      destroyOnHidden
      mask={{ closable: !busy }}
    >
      <Steps
        current={step}
        size="small"
        style={{ marginBottom: 20 }}
        items={[{ title: t('products.import.step.upload') }, { title: t('products.import.step.review') }, { title: t('products.import.step.done') }]}
      />

      {step === 0 && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          {kinds.length > 1 && (
            <Radio.Group
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as ProductImportKind);
                reset();
              }}
              optionType="button"
              aria-label={t('products.import.kind')}
              options={kinds.map((k) => ({ value: k, label: t(`products.import.kind.${k}`) }))}
            />
          )}
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t(`products.import.help.${kind}`)}
          </Typography.Paragraph>
          <Button icon={<DownloadOutlined />} loading={template.busy} onClick={() => template.run(kind)}>
            {t('products.import.template')}
          </Button>
          <Upload.Dragger
            accept=".xlsx"
            multiple={false}
            maxCount={1}
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
            <p className="ant-upload-text">{t('products.import.drop')}</p>
            <p className="ant-upload-hint">{t('products.import.dropHint', { max: `${maxMb} MB` })}</p>
          </Upload.Dragger>
          {file && (
            // The chosen file, outside the (disabled) input so it can still be removed.
            <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
              <PaperClipOutlined />
              <Typography.Text strong style={{ wordBreak: 'break-all' }}>
                {file.name}
              </Typography.Text>
              <Typography.Text type="secondary">{`${(file.size / 1024).toFixed(1)} KB`}</Typography.Text>
              <Button size="small" type="text" danger icon={<DeleteOutlined />} disabled={busy} onClick={reset} aria-label={t('products.import.removeFile', { file: file.name })}>
                {t('products.import.remove')}
              </Button>
            </div>
          )}
          <Progress percent={percent} status={failure ? 'exception' : busy ? 'active' : percent === 100 ? 'success' : 'normal'} aria-label={t('products.import.progress')} />
          {failure && <ImportErrorPanel failure={failure} />}
          <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
            <Button onClick={close} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="primary" onClick={validate} loading={busy} disabled={!file}>
              {t('products.import.validate')}
            </Button>
          </div>
        </Space>
      )}

      {step === 1 && checked && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Alert type="success" showIcon title={t('products.import.reviewSummary', { count: checked.totalRows, file: file?.name ?? '' })} />
          <Table
            size="small"
            rowKey="row"
            dataSource={checked.rows}
            scroll={{ x: 'max-content', y: 360 }}
            pagination={checked.rows.length > 10 ? { pageSize: 10, showSizeChanger: false, hideOnSinglePage: true } : false}
            columns={[
              { title: t('products.import.row'), dataIndex: 'row', width: 70, fixed: 'left' },
              ...headers.map((h) => ({ title: h, dataIndex: h, render: (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v)) })),
            ]}
          />
          <Progress percent={percent} status={failure ? 'exception' : busy ? 'active' : 'normal'} aria-label={t('products.import.progress')} />
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
              {t('products.import.back')}
            </Button>
            <Button type="primary" onClick={confirm} loading={busy}>
              {t('products.import.confirm', { count: checked.totalRows })}
            </Button>
          </div>
        </Space>
      )}

      {step === 2 && result && (
        <div style={{ textAlign: 'center', padding: '16px 0' }} role="status">
          <CheckCircleFilled style={{ fontSize: 48, color: '#16a34a' }} />
          <Typography.Title level={4}>{t('products.import.successTitle')}</Typography.Title>
          <Typography.Paragraph>{result.message}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">{summary(result.data)}</Typography.Paragraph>
          <Progress percent={percent} status="success" aria-label={t('products.import.progress')} />
          <Space style={{ marginTop: 16 }}>
            <Button onClick={reset}>{t('products.import.another')}</Button>
            <Button type="primary" onClick={close}>
              {t('products.common.close')}
            </Button>
          </Space>
        </div>
      )}
    </Modal>
  );
}
