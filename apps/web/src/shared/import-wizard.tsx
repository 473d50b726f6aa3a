import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, App, Button, Modal, Progress, Radio, Space, Steps, Table, Typography, Upload } from 'antd';
import { CheckCircleFilled, DeleteOutlined, DownloadOutlined, InboxOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import i18n from '../app/i18n';
import { GetImportRunEndpoint } from '@exship/contracts';
import { call } from '../api/call';
import { ApiError, fetchFile, type Envelope } from '../api/client';
import { errorText } from './api-feedback';
import { saveBlob } from './screen';
import en from './locales/import-wizard.en.json';
import vi from './locales/import-wizard.vi.json';

// The wizard's strings travel with it (only lazily loaded screens import it), never in the entry chunk.
export const IMPORT_WIZARD_BUNDLES = { en, vi } as const;
for (const [lang, bundle] of Object.entries(IMPORT_WIZARD_BUNDLES)) i18n.addResourceBundle(lang, 'translation', bundle, true, false);

// SPEC §4 import wizard, shared by every import screen (catalog, products; orders and surcharges next):
// upload → review → done. The validation-only call comes first; its rows are reviewed (and can be
// left out) before the import. Progress marks 1, 30, 60, 70, 90, 100, and 0 on an exception. The
// file input is disabled while a file is chosen; removing the file resets progress and errors.
// SPEC §8: a panel lists the first 3 errors and links the stored error workbook. A large file is
// processed by a server job: the wizard follows it at GET /imports/:id.
export const PROGRESS = { chosen: 1, validating: 30, validated: 60, importing: 70, imported: 90, done: 100, failed: 0 } as const;
const FIRST_ERRORS = 3;
const POLL_MS = 1000;
const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

/** One kind of file the wizard imports (a screen with one import passes one). */
export interface ImportWizardKind<K extends string = string> {
  value: K;
  /** Shown in the kind switch when there is more than one kind. */
  label: ReactNode;
  help?: ReactNode;
  /** Downloads the template; the caller reports success or failure. */
  template?: () => Promise<unknown>;
}

/** A row of the review table: the Excel row number and the cells keyed by template header. */
export type ImportReviewRow = { row: number } & Record<string, string | number | null>;

/** 202 from an import route: the server runs the file as a job (platform/imports.ts). */
export interface ImportQueued {
  importId: string;
  status: 'queued' | 'running';
  progress: number;
}

export interface ImportWizardProps<K extends string, R> {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  kinds: ImportWizardKind<K>[];
  /** Sends the file: first with onlyValidate, then for real without the rows deleted in the review. */
  upload: (kind: K, file: File, opts: { onlyValidate: boolean; skipRows: number[] }) => Promise<Envelope<R | ImportQueued>>;
  /** The rows to review from the validation reply; without it the review shows `describe` only. */
  reviewRows?: (validated: R) => ImportReviewRow[];
  /** A line about the result: after validation and after the import. */
  describe?: (result: R, stage: 'validated' | 'imported') => ReactNode;
  /** The import button's text after validation (default: "Import N row(s)" of the reviewed rows). */
  confirmLabel?: (validated: R) => string;
  /** After a successful import (refresh lists, open a preview…). */
  onImported?: (result: R, kind: K) => void | Promise<void>;
  /** SPEC §5: xlsx up to 10 MB unless the import says otherwise. */
  maxBytes?: number;
  /** On a screen of its own (a route) instead of a modal: `open` is ignored, Cancel and Close call onClose. */
  embedded?: boolean;
  /** The file types taken, lower case with the dot (SPEC §5: .xlsx unless the import says otherwise). */
  extensions?: string[];
  /** Can review rows be left out? Only where the import route takes `skipRows`. */
  deletableRows?: boolean;
}

export interface ImportFailure {
  message: string;
  errors: { row: number | null; column: string; message: string }[];
  invalidRows: number | null;
  workbook: { fileName: string; url: string } | null;
}

/** 'rows.7.SKU' → row 7, column SKU. */
export function parseRowField(field: string): { row: number | null; column: string } {
  const m = /^rows\.(\d+)\.?(.*)$/.exec(field);
  return m ? { row: Number(m[1]), column: m[2] ?? '' } : { row: null, column: field };
}

/** What the error panel shows for a failed call: the message, the row errors, the error workbook link. */
export function failureOf(err: unknown, fallback: string): ImportFailure {
  const api = err instanceof ApiError ? err : null;
  const wb = api?.details?.errorWorkbook as { fileName?: unknown; url?: unknown } | undefined;
  return {
    message: fallback,
    errors: (api?.errors ?? []).map((e) => ({ ...parseRowField(e.field), message: e.message })),
    invalidRows: typeof api?.details?.invalidRows === 'number' ? api.details.invalidRows : null,
    workbook: wb && typeof wb.url === 'string' && typeof wb.fileName === 'string' ? { fileName: wb.fileName, url: wb.url } : null,
  };
}

const isQueued = (data: unknown): data is ImportQueued =>
  typeof data === 'object' && data !== null && typeof (data as ImportQueued).importId === 'string' && ((data as ImportQueued).status === 'queued' || (data as ImportQueued).status === 'running');

/** Lists the first 3 row errors and links the stored error workbook. */
export function ImportErrorPanel({ failure }: { failure: ImportFailure }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [downloading, setDownloading] = useState(false);
  const first = failure.errors.slice(0, FIRST_ERRORS);
  const download = async (wb: { fileName: string; url: string }) => {
    setDownloading(true);
    try {
      const file = await fetchFile(wb.url);
      saveBlob(file.blob, wb.fileName);
    } catch (err) {
      message.error(errorText(err, t, 'importWizard.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Alert
      type="error"
      showIcon
      title={failure.message}
      description={
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          {first.length > 0 && (
            <ul style={{ margin: 0, paddingInlineStart: 20 }} aria-label={t('importWizard.firstErrors')}>
              {first.map((e, i) => (
                <li key={i}>{e.row !== null ? t('importWizard.rowError', { row: e.row, column: e.column || '—', message: e.message }) : e.message}</li>
              ))}
            </ul>
          )}
          {failure.invalidRows !== null && <Typography.Text type="secondary">{t('importWizard.invalidRows', { count: failure.invalidRows })}</Typography.Text>}
          {failure.invalidRows === null && failure.errors.length > FIRST_ERRORS && (
            <Typography.Text type="secondary">{t('importWizard.moreErrors', { count: failure.errors.length - FIRST_ERRORS })}</Typography.Text>
          )}
          {failure.workbook && (
            <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void download(failure.workbook!)}>
              {t('importWizard.downloadErrors')}
            </Button>
          )}
        </Space>
      }
    />
  );
}

type Step = 0 | 1 | 2;

export function ImportWizard<K extends string, R>({
  open,
  title,
  onClose,
  kinds,
  upload,
  reviewRows,
  describe,
  confirmLabel,
  onImported,
  maxBytes = DEFAULT_MAX_BYTES,
  embedded = false,
  extensions = ['.xlsx'],
  deletableRows = true,
}: ImportWizardProps<K, R>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [kind, setKind] = useState<K>(kinds[0]!.value);
  const [step, setStep] = useState<Step>(0);
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState(0);
  const [busy, setBusy] = useState(false);
  const [queued, setQueued] = useState(false);
  const [templateBusy, setTemplateBusy] = useState(false);
  const [failure, setFailure] = useState<ImportFailure | null>(null);
  const [checked, setChecked] = useState<R | null>(null);
  const [deleted, setDeleted] = useState<number[]>([]);
  const [result, setResult] = useState<{ message: string; data: R } | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const maxText = `${Math.round((maxBytes / (1024 * 1024)) * 10) / 10} MB`;
  const onlyXlsx = extensions.length === 1 && extensions[0] === '.xlsx';
  const typesText = extensions.join(' / ');
  const current = kinds.find((k) => k.value === kind) ?? kinds[0]!;

  const reset = () => {
    setStep(0);
    setFile(null);
    setPercent(0);
    setFailure(null);
    setChecked(null);
    setDeleted([]);
    setResult(null);
    setQueued(false);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const choose = (f: File) => {
    // SPEC §5: only .xlsx (case-insensitive) unless the import takes other types, within the size limit, a single file.
    if (!extensions.some((ext) => f.name.toLowerCase().endsWith(ext))) {
      message.error(onlyXlsx ? t('importWizard.onlyXlsx') : t('importWizard.onlyTypes', { types: typesText }));
      return;
    }
    if (f.size > maxBytes) {
      message.error(t('importWizard.tooLarge', { max: maxText }));
      return;
    }
    setFile(f);
    setFailure(null);
    setChecked(null);
    setDeleted([]);
    setPercent(PROGRESS.chosen);
  };

  /** Sends the file; a queued job is followed until it ends, its progress shown within [from, to]. */
  const send = async (onlyValidate: boolean, from: number, to: number): Promise<{ message: string; data: R }> => {
    const res = await upload(kind, file!, { onlyValidate, skipRows: onlyValidate ? [] : deleted });
    if (!isQueued(res.data)) return { message: res.message, data: res.data as R };
    setQueued(true);
    const id = res.data.importId;
    for (;;) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      if (!alive.current) throw new ApiError(0, 'ABORTED', '');
      const run = await call(GetImportRunEndpoint, { params: { id } });
      setPercent(Math.round(from + ((to - from) * run.progress) / 100));
      if (run.status === 'succeeded') {
        setQueued(false);
        return { message: '', data: run.result as R };
      }
      if (run.status === 'failed') {
        setQueued(false);
        const e = run.error ?? { code: 'INTERNAL_ERROR', message: '' };
        throw new ApiError(400, e.code, e.message, e.errors ?? [], e.details);
      }
    }
  };

  /** One call of the wizard (validate or import): busy while it runs; a failure shows its errors at 0 %. */
  const attempt = async (startPercent: number, call: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    setPercent(startPercent);
    try {
      await call();
    } catch (err) {
      if (!alive.current) return;
      setQueued(false);
      setPercent(PROGRESS.failed);
      const text = errorText(err, t);
      setFailure(failureOf(err, text));
      message.error(text);
    } finally {
      if (alive.current) setBusy(false);
    }
  };

  const validate = async () => {
    if (!file) {
      message.error(t('importWizard.noFile'));
      return;
    }
    setChecked(null);
    setDeleted([]);
    await attempt(PROGRESS.validating, async () => {
      const res = await send(true, PROGRESS.validating, PROGRESS.validated);
      setPercent(PROGRESS.validated);
      setChecked(res.data);
      message.success(res.message || t('importWizard.valid'));
      setStep(1);
    });
  };

  const confirm = async () => {
    if (!file) return;
    await attempt(PROGRESS.importing, async () => {
      const res = await send(false, PROGRESS.importing, PROGRESS.imported);
      setPercent(PROGRESS.imported);
      await onImported?.(res.data, kind);
      const text = res.message || t('importWizard.done');
      setResult({ message: text, data: res.data });
      setPercent(PROGRESS.done);
      message.success(text);
      setStep(2);
    });
  };

  const rows = checked && reviewRows ? reviewRows(checked) : [];
  const kept = rows.filter((r) => !deleted.includes(r.row));
  const headers = rows[0] ? Object.keys(rows[0]).filter((k) => k !== 'row') : [];
  const progress = (status?: 'success') => (
    <Progress percent={percent} status={status ?? (failure ? 'exception' : busy ? 'active' : percent === 100 ? 'success' : 'normal')} aria-label={t('importWizard.progress')} />
  );

  const content = (
    <>
      <Steps
        current={step}
        size="small"
        style={{ marginBottom: 20 }}
        items={[{ title: t('importWizard.step.upload') }, { title: t('importWizard.step.review') }, { title: t('importWizard.step.done') }]}
      />

      {step === 0 && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          {kinds.length > 1 && (
            <Radio.Group
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as K);
                reset();
              }}
              optionType="button"
              aria-label={t('importWizard.kind')}
              options={kinds.map((k) => ({ value: k.value, label: k.label }))}
            />
          )}
          {current.help && (
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {current.help}
            </Typography.Paragraph>
          )}
          {current.template && (
            <Button
              icon={<DownloadOutlined />}
              loading={templateBusy}
              onClick={async () => {
                setTemplateBusy(true);
                try {
                  await current.template!();
                } finally {
                  setTemplateBusy(false);
                }
              }}
            >
              {t('importWizard.template')}
            </Button>
          )}
          <Upload.Dragger
            accept={extensions.join(',')}
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
            <p className="ant-upload-text">{onlyXlsx ? t('importWizard.drop') : t('importWizard.dropTypes', { types: typesText })}</p>
            <p className="ant-upload-hint">{onlyXlsx ? t('importWizard.dropHint', { max: maxText }) : t('importWizard.dropTypesHint', { types: typesText, max: maxText })}</p>
          </Upload.Dragger>
          {file && (
            // The chosen file, outside the (disabled) input so it can still be removed.
            <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
              <PaperClipOutlined />
              <Typography.Text strong style={{ wordBreak: 'break-all' }}>
                {file.name}
              </Typography.Text>
              <Typography.Text type="secondary">{`${(file.size / 1024).toFixed(1)} KB`}</Typography.Text>
              <Button size="small" type="text" danger icon={<DeleteOutlined />} disabled={busy} onClick={reset} aria-label={t('importWizard.removeFile', { file: file.name })}>
                {t('importWizard.remove')}
              </Button>
            </div>
          )}
          {progress()}
          {queued && <Alert type="info" showIcon title={t('importWizard.queued')} />}
          {failure && <ImportErrorPanel failure={failure} />}
          <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
            <Button onClick={close} disabled={busy}>
              {t('importWizard.cancel')}
            </Button>
            <Button type="primary" onClick={validate} loading={busy} disabled={!file}>
              {t('importWizard.validate')}
            </Button>
          </div>
        </Space>
      )}

      {step === 1 && checked !== null && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Alert
            type="success"
            showIcon
            title={reviewRows ? t('importWizard.reviewSummary', { count: kept.length, file: file?.name ?? '' }) : t('importWizard.valid')}
            description={describe?.(checked, 'validated')}
          />
          {reviewRows && (
            <Table
              size="small"
              rowKey="row"
              dataSource={kept}
              scroll={{ x: 'max-content', y: 360 }}
              pagination={kept.length > 10 ? { pageSize: 10, showSizeChanger: false, hideOnSinglePage: true } : false}
              columns={[
                { title: t('importWizard.row'), dataIndex: 'row', width: 70, fixed: 'left' },
                ...headers.map((h) => ({ title: h, dataIndex: h, render: (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v)) })),
                ...(deletableRows ? [{
                  title: '',
                  key: 'delete',
                  width: 56,
                  fixed: 'right' as const,
                  render: (_: unknown, r: ImportReviewRow) => (
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      disabled={busy || kept.length <= 1}
                      aria-label={t('importWizard.deleteRow', { row: r.row })}
                      onClick={() => setDeleted((d) => [...d, r.row])}
                    />
                  ),
                }] : []),
              ]}
            />
          )}
          {deleted.length > 0 && <Typography.Text type="secondary">{t('importWizard.deletedRows', { count: deleted.length })}</Typography.Text>}
          {progress()}
          {queued && <Alert type="info" showIcon title={t('importWizard.queued')} />}
          {failure && <ImportErrorPanel failure={failure} />}
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
            <Button
              disabled={busy}
              onClick={() => {
                setStep(0);
                setFailure(null);
                setDeleted([]);
                setPercent(file ? PROGRESS.chosen : 0);
              }}
            >
              {t('importWizard.back')}
            </Button>
            <Button type="primary" onClick={confirm} loading={busy}>
              {confirmLabel ? confirmLabel(checked) : t('importWizard.confirm', { count: kept.length })}
            </Button>
          </div>
        </Space>
      )}

      {step === 2 && result && (
        <div style={{ textAlign: 'center', padding: '16px 0' }} role="status">
          <CheckCircleFilled style={{ fontSize: 48, color: '#16a34a' }} />
          <Typography.Title level={2} style={{ fontSize: 20 }}>{t('importWizard.successTitle')}</Typography.Title>
          <Typography.Paragraph>{result.message}</Typography.Paragraph>
          {describe && <Typography.Paragraph type="secondary">{describe(result.data, 'imported')}</Typography.Paragraph>}
          {progress('success')}
          <Space style={{ marginTop: 16 }}>
            <Button onClick={reset}>{t('importWizard.another')}</Button>
            <Button type="primary" onClick={close}>
              {t('importWizard.close')}
            </Button>
          </Space>
        </div>
      )}
    </>
  );

  if (embedded) return content;
  return (
    <Modal open={open} title={title} onCancel={close} footer={null} width={step === 1 && reviewRows ? 1000 : 640} style={{ maxWidth: 'calc(100vw - 16px)' }} destroyOnHidden mask={{ closable: !busy }}>
      {content}
    </Modal>
  );
}
