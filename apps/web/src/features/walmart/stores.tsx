import { useState } from 'react';
import { Alert, Button, Dropdown, Popconfirm, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DownOutlined, PauseCircleOutlined, PlayCircleOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { WalmartStore, WalmartStoreState } from '@exship/contracts';
import { FormModal } from '../../shared/list-ui';
import { loadFailureOf, ResponsiveTable } from '../../shared/responsive-table';
import { useCan } from '../../shared/screen';
import { useAction } from '../../shared/use-action';
import { useFormatDate } from './format';
import { storesKey, walmartApi, WALMART_KEY } from './api';
import { CredentialFields, StoreNameField } from './credential-fields';
import { BackfillModal, StoreSettingsModal } from './store-tools';

// The seller's Walmart stores: state, last sync, counts; connect (the secret is sent once and never
// shown back), pause/resume, sync now, disconnect.

export const STATE_COLORS: Record<WalmartStoreState, string> = { connected: 'green', 'token-failing': 'red', paused: 'orange', disconnected: 'default' };

export function StoreStateTag({ state }: { state: WalmartStoreState }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLORS[state]}>{t(`walmart.state.${state}`)}</Tag>;
}

export const useStores = () => useQuery({ queryKey: storesKey, queryFn: ({ signal }) => walmartApi.stores(signal) });

interface ConnectValues {
  name: string;
  clientId: string;
  clientSecret: string;
}

export function ConnectStoreModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = async (v: ConnectValues) => {
    const res = await walmartApi.connect({ name: v.name.trim(), clientId: v.clientId.trim(), clientSecret: v.clientSecret.trim() } as never);
    await queryClient.invalidateQueries({ queryKey: [WALMART_KEY] });
    return res;
  };
  return (
    <FormModal<ConnectValues> open={open} title={t('walmart.connect.title')} initialValues={{ name: '', clientId: '', clientSecret: '' }} onClose={onClose} onSubmit={save} okText={t('walmart.connect.ok')}>
      <Typography.Paragraph type="secondary">{t('walmart.connect.hint')}</Typography.Paragraph>
      <StoreNameField />
      <CredentialFields required />
    </FormModal>
  );
}

type StoreAction = 'pause' | 'resume' | 'disconnect' | 'sync' | 'reconcile';

export function StoresList({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const can = useCan();
  const stores = useStores();
  const formatDateTime = useFormatDate();
  const [connecting, setConnecting] = useState(false);
  const [settingsOf, setSettingsOf] = useState<WalmartStore | null>(null);
  const [backfillOf, setBackfillOf] = useState<WalmartStore | null>(null);
  const act = useAction(({ action, store }: { action: StoreAction; store: WalmartStore }) => walmartApi[action](store.id) as Promise<never>, {
    success: 'net.common.saved',
    invalidate: [[WALMART_KEY]],
  });
  const busy = (action: StoreAction, store: WalmartStore) => act.pending && act.variables?.action === action && act.variables.store.id === store.id;
  const columns: TableColumnsType<WalmartStore> = [
    {
      title: t('walmart.store.name'),
      dataIndex: 'name',
      render: (_: unknown, s) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{s.name}</Typography.Text>
          {s.clientIdLast4 && <Typography.Text type="secondary">{t('walmart.store.clientId', { last4: s.clientIdLast4 })}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t('walmart.store.state'),
      dataIndex: 'state',
      width: 150,
      render: (_: unknown, s) => (s.lastError ? <Tooltip title={s.lastError}><span><StoreStateTag state={s.state} /></span></Tooltip> : <StoreStateTag state={s.state} />),
    },
    {
      title: t('walmart.store.lastSync'),
      dataIndex: 'lastSyncAt',
      width: 180,
      render: (_: unknown, s) => (
        <Space orientation="vertical" size={0}>
          <span>{s.lastSyncAt ? `${formatDateTime(s.lastSyncAt)}${s.lastSyncCount !== null ? ` · ${t('walmart.store.seen', { count: s.lastSyncCount })}` : ''}` : t('walmart.store.never')}</span>
          {s.backfill && (
            <Typography.Text type={s.backfill.state === 'failed' ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
              {t(`walmart.backfill.state.${s.backfill.state}`, { from: formatDateTime(s.backfill.from).slice(0, 10), to: formatDateTime(s.backfill.to).slice(0, 10) })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('walmart.store.counts'),
      key: 'counts',
      render: (_: unknown, s) => (
        <Space size={4} wrap>
          <Tag>{t('walmart.store.total', { count: s.counts.total })}</Tag>
          {s.counts.unmappedSkus > 0 && <Tag color="gold">{t('walmart.store.unmapped', { count: s.counts.unmappedSkus })}</Tag>}
          {s.counts.pushFailed > 0 && <Tag color="red">{t('walmart.store.pushFailed', { count: s.counts.pushFailed })}</Tag>}
          {s.counts.ackOverdue > 0 && <Tag color="volcano">{t('walmart.store.ackOverdue', { count: s.counts.ackOverdue })}</Tag>}
        </Space>
      ),
    },
  ];
  if (!compact && (can('EX-WALMART-CONNECT') || can('EX-WALMART-DISCONNECT'))) {
    columns.push({
      title: t('walmart.actions'),
      key: 'actions',
      width: 300,
      render: (_: unknown, s) => (
        <Space size={4} wrap>
          {can('EX-WALMART-CONNECT') && s.state === 'connected' && (
            <Button size="small" icon={<SyncOutlined />} loading={busy('sync', s)} onClick={() => void act.run({ action: 'sync', store: s })}>
              {t('walmart.store.syncNow')}
            </Button>
          )}
          {can('EX-WALMART-CONNECT') && (s.state === 'connected' || s.state === 'token-failing') && (
            <Button size="small" icon={<PauseCircleOutlined />} loading={busy('pause', s)} onClick={() => void act.run({ action: 'pause', store: s })}>
              {t('walmart.store.pause')}
            </Button>
          )}
          {can('EX-WALMART-CONNECT') && s.state === 'paused' && (
            <Button size="small" icon={<PlayCircleOutlined />} loading={busy('resume', s)} onClick={() => void act.run({ action: 'resume', store: s })}>
              {t('walmart.store.resume')}
            </Button>
          )}
          {can('EX-WALMART-CONNECT') && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'settings', label: t('walmart.store.settings') },
                  { key: 'backfill', label: t('walmart.store.backfill'), disabled: s.state !== 'connected' },
                  { key: 'reconcile', label: t('walmart.store.reconcile'), disabled: s.state !== 'connected' },
                ],
                onClick: ({ key }) => {
                  if (key === 'settings') setSettingsOf(s);
                  else if (key === 'backfill') setBackfillOf(s);
                  else void act.run({ action: 'reconcile', store: s });
                },
              }}
            >
              <Button size="small" loading={busy('reconcile', s)} aria-label={t('walmart.store.moreFor', { name: s.name })}>
                {t('walmart.store.more')} <DownOutlined />
              </Button>
            </Dropdown>
          )}
          {can('EX-WALMART-DISCONNECT') && s.state !== 'disconnected' && (
            <Popconfirm
              title={t('walmart.store.disconnectTitle', { name: s.name })}
              description={t('walmart.store.disconnectBody')}
              okText={t('walmart.store.disconnect')}
              okButtonProps={{ danger: true }}
              cancelText={t('common.cancel')}
              onConfirm={() => act.run({ action: 'disconnect', store: s })}
            >
              <Button size="small" danger loading={busy('disconnect', s)}>
                {t('walmart.store.disconnect')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }
  return (
    <div>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 12, gap: 12, flexWrap: 'wrap' }}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          {t('walmart.stores.title')}
        </Typography.Title>
        {!compact && can('EX-WALMART-CONNECT') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setConnecting(true)}>
            {t('walmart.stores.connect')}
          </Button>
        )}
      </div>
      {stores.data?.some((s) => s.demo) && !compact && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('walmart.stores.demo')} />}
      <ResponsiveTable<WalmartStore>
        rowKey="id"
        columns={columns}
        dataSource={stores.data}
        loading={stores.isFetching}
        loadFailure={loadFailureOf(stores)}
        locale={{ emptyText: t('walmart.stores.empty') }}
        pagination={false}
      />
      <ConnectStoreModal open={connecting} onClose={() => setConnecting(false)} />
      <StoreSettingsModal store={settingsOf} onClose={() => setSettingsOf(null)} />
      <BackfillModal store={backfillOf} onClose={() => setBackfillOf(null)} />
    </div>
  );
}
