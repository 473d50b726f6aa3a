import './locales';
import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Modal, Progress, Space, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError, type Envelope } from '../../api/client';
import { errorText } from '../../shared/api-feedback';
import { saveBase64 } from './ui';

// SPEC §4 import flow: choose a file (only .xlsx, under 10 MB), validate only, then import.
// Progress marks 1, 30, 60, 70, 90, 100; 0 on an exception. The file input is disabled while a
// file is chosen; removing it resets progress and errors. SPEC §8: the first 3 errors are listed
// and the error workbook can be downloaded.
const MAX_BYTES = 10 * 1024 * 1024;
const FIRST_ERRORS = 3;

interface ErrorWorkbook {
  fileName: string;
  contentType: string;
  base64: string;
}

interface Failure {
  message: string;
  errors: { field: string; message: string }[];
  total: number;
  workbook: ErrorWorkbook | null;
}

/** 'rows.7.Weight_from' → { row: 7, column: 'Weight_from' } */
function rowOf(field: string): { row: number | null; column: string } {
  const m = /^rows\.(\d+)\.?(.*)$/.exec(field);
  return m ? { row: Number(m[1]), column: m[2] ?? '' } : { row: null, column: field };
}

/** The modal an ImportPanel opens in (no footer: the panel has its own buttons). */
export function ImportModal({ open, title, onClose, children }: { open: boolean; title: ReactNode; onClose: () => void; children: ReactNode }) {
  return (
    <Modal open={open} title={title} footer={null} onCancel={onClose} destroyOnHidden width={600} style={{ maxWidth: 'calc(100vw - 16px)' }}>
      {children}
    </Modal>
  );
}

export function ImportPanel<R>({
  upload,
  onImported,
  importLabel,
  describeValid,
}: {
  upload: (file: File, onlyValidate: boolean) => Promise<Envelope<R>>;
  onImported: (result: R) => void;
  importLabel: string;
  describeValid: (result: R) => string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState(0);
  const [phase, setPhase] = useState<'idle' | 'validating' | 'valid' | 'importing' | 'done' | 'failed'>('idle');
  const [validText, setValidText] = useState('');
  const [failure, setFailure] = useState<Failure | null>(null);
  const limitMb = MAX_BYTES / (1024 * 1024);

  const reset = () => {
    setFile(null);
    setPercent(0);
    setPhase('idle');
    setFailure(null);
    setValidText('');
  };

  const fail = (err: unknown) => {
    setPercent(0);
    setPhase('failed');
    const workbook = err instanceof ApiError ? ((err.details?.errorWorkbook as ErrorWorkbook | undefined) ?? null) : null;
    const errors = err instanceof ApiError ? err.errors : [];
    setFailure({ message: errorText(err, t), errors: errors.slice(0, FIRST_ERRORS), total: errors.length, workbook });
    message.error(errorText(err, t));
  };

  const validate = async () => {
    if (!file) {
      message.warning(t('net.import.noFile'));
      return;
    }
    setFailure(null);
    setPhase('validating');
    setPercent(1);
    try {
      setPercent(30);
      const res = await upload(file, true);
      setPercent(60);
      setValidText(describeValid(res.data));
      setPercent(70);
      setPhase('valid');
      message.success(t('net.import.validated'));
    } catch (err) {
      fail(err);
    }
  };

  const runImport = async () => {
    if (!file) return;
    setPhase('importing');
    setPercent(90);
    try {
      const res = await upload(file, false);
      setPercent(100);
      setPhase('done');
      message.success(res.message || t('net.import.done'));
      onImported(res.data);
    } catch (err) {
      fail(err);
    }
  };

  const busy = phase === 'validating' || phase === 'importing';
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Upload.Dragger
        accept=".xlsx"
        multiple={false}
        maxCount={1}
        disabled={!!file}
        fileList={file ? [{ uid: 'chosen', name: file.name, status: phase === 'failed' ? 'error' : 'done', size: file.size }] : []}
        beforeUpload={(f) => {
          // SPEC §5: only .xlsx (case-insensitive), under 10 MB, a single file.
          if (!/\.xlsx$/i.test(f.name)) message.error(t('net.import.onlyXlsx'));
          else if (f.size >= MAX_BYTES) message.error(t('net.import.tooLarge', { mb: limitMb }));
          else {
            setFile(f);
            setPhase('idle');
            setPercent(0);
            setFailure(null);
          }
          return Upload.LIST_IGNORE;
        }}
        onRemove={() => {
          reset();
          return true;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('net.import.drop')}</p>
        <p className="ant-upload-hint">{t('net.import.hint', { mb: limitMb })}</p>
      </Upload.Dragger>
      {phase !== 'idle' && (
        <Progress percent={percent} status={phase === 'failed' ? 'exception' : phase === 'done' ? 'success' : busy ? 'active' : 'normal'} aria-label={t('net.import.progress')} />
      )}
      {phase === 'valid' && <Alert type="success" showIcon title={t('net.import.readyTitle')} description={validText} />}
      {phase === 'done' && <Alert type="success" showIcon title={t('net.import.done')} />}
      {failure && (
        <Alert
          type="error"
          showIcon
          title={failure.message}
          description={
            <Space direction="vertical" size={4}>
              {failure.errors.length > 0 && (
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {failure.errors.map((e, i) => {
                    const { row, column } = rowOf(e.field);
                    return (
                      <li key={i}>
                        {row !== null ? t('net.import.rowError', { row, column, message: t(e.message) }) : `${column}: ${t(e.message)}`}
                      </li>
                    );
                  })}
                </ul>
              )}
              {failure.total > FIRST_ERRORS && <Typography.Text type="secondary">{t('net.import.moreErrors', { count: failure.total - FIRST_ERRORS })}</Typography.Text>}
              {failure.workbook && (
                <Button size="small" icon={<DownloadOutlined />} onClick={() => saveBase64(failure.workbook!)}>
                  {t('net.import.downloadErrors')}
                </Button>
              )}
            </Space>
          }
        />
      )}
      <Space wrap>
        <Button onClick={validate} loading={phase === 'validating'} disabled={!file || busy || phase === 'done'}>
          {t('net.import.validate')}
        </Button>
        <Button type="primary" onClick={runImport} loading={phase === 'importing'} disabled={phase !== 'valid'}>
          {importLabel}
        </Button>
        {file && (
          <Button type="text" onClick={reset} disabled={busy}>
            {t('net.import.reset')}
          </Button>
        )}
      </Space>
    </Space>
  );
}
