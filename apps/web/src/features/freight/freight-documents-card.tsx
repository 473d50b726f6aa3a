import { useRef, useState } from 'react';
import { Alert, App, Button, Card, Empty, List, Space, Upload } from 'antd';
import { DeleteOutlined, DownloadOutlined, FileOutlined, InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FREIGHT_LIMITS, type FreightDetail } from '@exship/contracts';
import { errorText } from '../../shared/api-feedback';
import { useDownload } from '../../shared/list-ui';
import { DeleteConfirm } from '../../shared/screen';
import { useAction } from '../../shared/use-action';
import { FREIGHT_KEY, freightApi, freightKey } from './api';
import { useFormatDate } from './shared';

// The freight detail's documents card (SPEC §5: up to 10 PDF or image files of 10 MB each): a drop
// zone for those who manage freights, each file checked here as the server checks it and sent on its
// own; the list with download and delete.

const DOC_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'];
const DOC_EXTENSIONS = ['.pdf', '.png', '.jpg', '.jpeg', '.webp'];
const MB = 1024 * 1024;

export function FreightDocumentsCard({ freight, canManage }: { freight: FreightDetail; canManage: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const fmt = useFormatDate();
  const queryClient = useQueryClient();
  const download = useDownload();
  const pending = useRef(0);
  const [uploading, setUploading] = useState(0);
  const docs = freight.documentList;
  const removal = useAction((id: string) => freightApi.deleteDocument(freight._id, id), { success: 'freight.documentDeleted', invalidate: [[FREIGHT_KEY]] });
  const full = docs.length + uploading >= FREIGHT_LIMITS.documentsMax;

  /** A dropped or chosen file: checked here as the server checks it, then sent on its own. */
  const take = (file: File) => {
    const name = file.name.toLowerCase();
    if (!DOC_TYPES.includes(file.type) && !DOC_EXTENSIONS.some((ext) => name.endsWith(ext))) {
      message.error(t('air.doc.type', { file: file.name }));
      return;
    }
    if (file.size > FREIGHT_LIMITS.documentMaxBytes) {
      message.error(t('air.doc.size', { file: file.name, max: `${FREIGHT_LIMITS.documentMaxBytes / MB} MB` }));
      return;
    }
    if (docs.length + pending.current >= FREIGHT_LIMITS.documentsMax) {
      message.error(t('air.doc.full', { file: file.name, max: FREIGHT_LIMITS.documentsMax }));
      return;
    }
    pending.current += 1;
    setUploading((n) => n + 1);
    void freightApi
      .uploadDocument(freight._id, file)
      .then((res) => message.success(`${res.message || t('freight.documentUploaded')} ${file.name}`))
      .catch((err: unknown) => message.error(`${file.name}: ${errorText(err, t)}`))
      .finally(() => {
        pending.current -= 1;
        setUploading((n) => n - 1);
        void queryClient.invalidateQueries({ queryKey: freightKey(freight._id) });
      });
  };

  return (
    <Card size="small" title={t('air.doc.title', { count: docs.length, max: FREIGHT_LIMITS.documentsMax })}>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {canManage && (
          <Upload.Dragger
            multiple
            accept={[...DOC_EXTENSIONS, ...DOC_TYPES].join(',')}
            showUploadList={false}
            disabled={full}
            beforeUpload={(file) => {
              take(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{full ? t('air.doc.noRoom', { max: FREIGHT_LIMITS.documentsMax }) : t('air.doc.drop')}</p>
            <p className="ant-upload-hint">{t('air.doc.hint', { max: FREIGHT_LIMITS.documentsMax, size: `${FREIGHT_LIMITS.documentMaxBytes / MB} MB` })}</p>
          </Upload.Dragger>
        )}
        {uploading > 0 && <Alert type="info" showIcon title={t('air.doc.uploading', { count: uploading })} />}
        <List
          size="small"
          bordered
          aria-label={t('air.doc.list')}
          dataSource={docs}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('air.doc.empty')} /> }}
          renderItem={(d) => (
            <List.Item
              key={d._id}
              actions={[
                <Button key="dl" size="small" icon={<DownloadOutlined />} loading={download.busy === d._id} onClick={() => download.run(d._id, () => freightApi.document(freight._id, d._id))} aria-label={t('air.doc.downloadOf', { file: d.fileName })} />,
                ...(canManage
                  ? [
                      <DeleteConfirm key="rm" title={t('air.doc.deleteConfirm', { file: d.fileName })} okText={t('net.common.delete')} onConfirm={() => removal.run(d._id)}>
                        <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('air.doc.deleteOf', { file: d.fileName })} />
                      </DeleteConfirm>,
                    ]
                  : []),
              ]}
            >
              <List.Item.Meta
                avatar={<FileOutlined style={{ fontSize: 18, color: '#64748b' }} />}
                title={<span style={{ overflowWrap: 'anywhere' }}>{d.fileName}</span>}
                description={`${(d.sizeBytes / 1024).toFixed(0)} KB · ${fmt(d.uploadedAt)}${d.uploadedBy ? ` · ${d.uploadedBy}` : ''}`}
              />
            </List.Item>
          )}
        />
      </Space>
    </Card>
  );
}
