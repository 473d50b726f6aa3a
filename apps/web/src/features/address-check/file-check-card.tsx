import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Card, Progress, Space, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ADDRESS_CHECK_LIMITS, type AddressCheckBatch } from '@exship/contracts';
import { errorText } from '../../shared/api-feedback';
import { ImportErrorPanel, failureOf, parseRowField, type ImportFailure } from '../../shared/import-wizard';
import { useDownload } from '../../shared/list-ui';
import { addressCheckApi } from './api';

// SPEC §2 address check by file (§5: xlsx up to 5 MB): the template, the upload with its progress,
// the errors naming the file, row and column (§8), and the batch it created. A large file runs as a
// server job; its progress is followed at GET /imports/:id.

const POLL_MS = 1000;

export function FileCheckCard({ onChecked }: { onChecked: (batch: AddressCheckBatch) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const templates = useDownload();
  const [progress, setProgress] = useState<number | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [failure, setFailure] = useState<ImportFailure | null>(null);
  const [done, setDone] = useState<AddressCheckBatch | null>(null);
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);

  const finish = (batch: AddressCheckBatch) => {
    setProgress(100);
    setDone(batch);
    onChecked(batch);
  };

  const follow = async (importId: string, name: string) => {
    for (;;) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      if (!alive.current) return;
      const run = await addressCheckApi.importRun(importId);
      setProgress(Math.max(1, run.progress));
      if (run.status === 'succeeded') return finish((run.result as { batch: AddressCheckBatch }).batch);
      if (run.status === 'failed') {
        const e = run.error;
        const wb = e?.details?.errorWorkbook as { fileName: string; url: string } | undefined;
        setProgress(null);
        setFailure({
          message: t('addressCheck.file.failed', { file: name, message: e?.message ?? t('common.error.generic') }),
          errors: (e?.errors ?? []).map((x) => ({ ...parseRowField(x.field), message: x.message })),
          invalidRows: typeof e?.details?.invalidRows === 'number' ? e.details.invalidRows : null,
          workbook: wb ?? null,
        });
        return;
      }
    }
  };

  const send = async (file: File) => {
    setFailure(null);
    setDone(null);
    setFileName(file.name);
    // SPEC §8: only xlsx, and the maximum size, before anything is sent.
    if (!/\.xlsx$/i.test(file.name)) return setFailure({ message: t('addressCheck.file.onlyXlsx', { file: file.name }), errors: [], invalidRows: null, workbook: null });
    if (file.size > ADDRESS_CHECK_LIMITS.maxBytes) return setFailure({ message: t('addressCheck.file.tooLarge', { file: file.name }), errors: [], invalidRows: null, workbook: null });
    setProgress(1);
    try {
      const res = await addressCheckApi.upload(file);
      if ('importId' in res.data) {
        setProgress(Math.max(1, res.data.progress));
        await follow(res.data.importId, file.name);
      } else {
        finish(res.data.batch);
      }
    } catch (err) {
      setProgress(null);
      const f = failureOf(err, '');
      setFailure({ ...f, message: t('addressCheck.file.failed', { file: file.name, message: errorText(err, t) }) });
      if (f.errors.length === 0) message.error(errorText(err, t));
    }
  };

  return (
    <Card
      size="small"
      title={t('addressCheck.file.title')}
      role="group"
      aria-label={t('addressCheck.file.title')}
      extra={
        <Button icon={<DownloadOutlined />} loading={templates.busy === 'template'} onClick={() => templates.run('template', addressCheckApi.template)}>
          {t('addressCheck.file.template')}
        </Button>
      }
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('addressCheck.file.help')}</Typography.Text>
        <Upload.Dragger
          accept=".xlsx"
          multiple={false}
          showUploadList={false}
          disabled={progress !== null && progress < 100}
          beforeUpload={(file) => {
            void send(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('addressCheck.file.drop')}</p>
          <p className="ant-upload-hint">{t('addressCheck.file.hint')}</p>
        </Upload.Dragger>
        {progress !== null && (
          <div>
            {fileName && <Typography.Text>{fileName}</Typography.Text>}
            <Progress percent={progress} status={progress < 100 ? 'active' : 'success'} aria-label={t('addressCheck.file.progress')} />
          </div>
        )}
        {failure && <ImportErrorPanel failure={failure} />}
        {done && (
          <Alert
            type="success"
            showIcon
            title={t('addressCheck.file.done', { file: done.fileName ?? '', total: done.total, valid: done.valid, invalid: done.invalid, pending: done.pending })}
          />
        )}
      </Space>
    </Card>
  );
}
