import { useState } from 'react';
import { App, Button, Grid, Popconfirm, Segmented, Space, Typography, type TableColumnsType } from 'antd';
import { EyeOutlined, SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_STATUSES, type NotificationCampaign } from '@exship/contracts';
import { formatDateTime } from '@exship/domain';
import { ApiError, type Envelope } from '../../api/client';
import { notificationCampaignApi } from '../../api/endpoints';
import { useSession } from '../../api/session';
import { useAction } from '../../shared/use-action';
import { EditDeleteActions, FormModal, KeywordSearch, UrlServerTable, useCan, useEditing, useListQuery, useRemove } from '../../shared/list-ui';
import { CampaignFields, offsetOf, toCampaignBody, toCampaignForm, type CampaignForm } from './campaign-form';
import { CampaignStatus, CampaignView, ChannelTag, useTargetText } from './campaign-view';

// SPEC §2 /app/setting-user/notifications, staff side: every notification written, with its
// target, publish time and status (§4 waiting → sent); waiting ones can change, be published now
// or deleted, sent ones are read-only.

const LIST_KEY = 'notification-campaigns';
/** The bell's and My notifications' caches: a notice sent to everyone reaches the author too. */
const READER_KEY = 'notifications';
const STATUS_FILTERS = ['all', ...NOTIFICATION_STATUSES] as const;

export interface CampaignFilters {
  keyword: string;
  status: string;
  page: string;
  pageSize: string;
}

/** "Sent to N recipients." or "Scheduled for DD-MM-YYYY HH:mm:ss." */
function useOutcome(timeZone: string | undefined) {
  const { t } = useTranslation();
  return (c: NotificationCampaign) =>
    c.status === 'sent' ? t('notif.sentTo', { count: c.recipients }) : t('notif.scheduledFor', { time: formatDateTime(c.publishAt, timeZone) });
}

/** Publishes a waiting notification now; a message says to how many it went, or why not. */
function usePublishNow(timeZone: string | undefined) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const outcome = useOutcome(timeZone);
  const publish = useAction((c: NotificationCampaign) => notificationCampaignApi.publishNow(c.id), { success: false, onSuccess: (res) => message.success(outcome(res.data)) });
  return async (c: NotificationCampaign) => {
    await publish.run(c);
    // Also after a 409: someone else (or the cron job) sent it meanwhile, so show what it is now.
    await queryClient.invalidateQueries({ queryKey: [LIST_KEY] });
    void queryClient.invalidateQueries({ queryKey: [READER_KEY] });
  };
}

function RowActions({
  campaign,
  manage,
  onView,
  onEdit,
  onPublish,
  onDelete,
}: {
  campaign: NotificationCampaign;
  manage: boolean;
  onView: () => void;
  onEdit: () => void;
  onPublish: () => Promise<void>;
  onDelete: () => unknown;
}) {
  const { t } = useTranslation();
  if (!manage || campaign.status === 'sent') {
    return (
      <Button size="small" icon={<EyeOutlined />} onClick={onView}>
        {t('notif.action.view')}
      </Button>
    );
  }
  return (
    <Space size={8} wrap>
      <Popconfirm
        title={t('notif.publishConfirm', { name: campaign.name })}
        description={t('notif.publishConfirmHint')}
        okText={t('notif.action.publish')}
        cancelText={t('common.cancel')}
        onConfirm={onPublish}
      >
        <Button size="small" type="primary" ghost icon={<SendOutlined />}>
          {t('notif.action.publish')}
        </Button>
      </Popconfirm>
      <EditDeleteActions onEdit={onEdit} onDelete={onDelete} confirmTitle={t('notif.deleteConfirm', { name: campaign.name })} />
    </Space>
  );
}

/** The Manage tab: search, status filter, the server-paged table, the form and the view. */
export function CampaignList({
  filters,
  setFilters,
  editor,
}: {
  filters: CampaignFilters;
  setFilters: (patch: Partial<Record<keyof CampaignFilters, string | number>>) => void;
  editor: ReturnType<typeof useCampaignEditor>;
}) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const { profile } = useSession();
  const timeZone = profile?.timeZone;
  const screens = Grid.useBreakpoint();
  const [viewing, setViewing] = useState<NotificationCampaign | null>(null);
  const manage = can('EX-NOTIFICATION-MANAGE');
  const { keyword, page, pageSize } = filters;
  // A hand-edited URL with an unknown status shows all rather than an error.
  const status = STATUS_FILTERS.find((s) => s === filters.status) ?? 'all';
  const list = useListQuery(LIST_KEY, { keyword, status, page, pageSize }, (f, signal) =>
    notificationCampaignApi.list({ keyword: f.keyword, status: f.status, current: Number(f.page), pageSize: Number(f.pageSize) }, signal),
  );
  const remove = useRemove((c: NotificationCampaign) => notificationCampaignApi.remove(c.id), LIST_KEY);
  const publishNow = usePublishNow(timeZone);
  const targetText = useTargetText();
  const vi = i18n.language === 'vi';

  // What staff scan first (name, status, when, to whom) comes first; on a phone the columns the
  // View dialog also shows give way.
  const wide = ['md'] as const;
  const columns: TableColumnsType<NotificationCampaign> = [
    {
      title: t('net.field.name'),
      dataIndex: 'name',
      render: (name: string, c) => (
        <div style={{ minWidth: 150, maxWidth: 260 }}>
          <Typography.Text strong>{name}</Typography.Text>
          <Typography.Text type="secondary" ellipsis={{ tooltip: true }} style={{ display: 'block', fontSize: 12 }}>
            {vi ? c.titleVi : c.titleEn}
          </Typography.Text>
        </div>
      ),
    },
    { title: t('notif.col.status'), dataIndex: 'status', render: (_, c) => <CampaignStatus campaign={c} timeZone={timeZone} /> },
    { title: t('notif.col.publishAt'), dataIndex: 'publishAt', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v, timeZone)}</span> },
    { title: t('notif.field.target'), key: 'target', render: (_, c) => <div style={{ minWidth: 90, maxWidth: 200 }}>{targetText(c)}</div> },
    { title: t('notif.field.channel'), dataIndex: 'channel', responsive: [...wide], render: (channel: NotificationCampaign['channel']) => <ChannelTag channel={channel} /> },
    { title: t('notif.field.type'), dataIndex: 'type', responsive: [...wide], render: (type: string) => t(`notif.type.${type}`) },
    { title: t('net.field.code'), dataIndex: 'code', responsive: [...wide], render: (code: string) => <Typography.Text code>{code}</Typography.Text> },
    {
      title: t('net.common.actions'),
      key: 'actions',
      // Pinned on a wide screen; on a phone it would cover most of the row. Narrow: the buttons wrap.
      fixed: screens.md ? 'right' : undefined,
      width: 200,
      render: (_, c) => (
        <RowActions
          campaign={c}
          manage={manage}
          onView={() => setViewing(c)}
          onEdit={() => editor.setEditing(c)}
          onPublish={() => publishNow(c)}
          onDelete={() => remove(c)}
        />
      ),
    },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <KeywordSearch value={keyword} placeholder={t('notif.searchPlaceholder')} onSearch={(k) => setFilters({ keyword: k })} width={280} />
        <Segmented
          aria-label={t('notif.col.status')}
          value={status}
          onChange={(s) => setFilters({ status: s })}
          options={STATUS_FILTERS.map((s) => ({ value: s, label: t(`notif.status.${s}`) }))}
        />
      </Space>
      <UrlServerTable<NotificationCampaign>
        query={list}
        columns={columns}
        filters={filters}
        setFilters={setFilters}
        emptyText={keyword || status !== 'all' ? t('notif.emptyFiltered') : t('notif.empty')}
      />
      <FormModal<CampaignForm>
        {...editor.modalProps}
        title={editor.isNew ? t('notif.new') : t('notif.edit')}
        width={880}
        initialValues={toCampaignForm(editor.row, editor.offset)}
      >
        {(form) => <CampaignFields form={form} offset={editor.offset} />}
      </FormModal>
      <CampaignView campaign={viewing} timeZone={timeZone} onClose={() => setViewing(null)} />
    </>
  );
}

/**
 * The create/edit state, held by the screen so its "New notification" button can open the form.
 * Saving reports what happened: sent to N recipients, or scheduled for a time.
 */
export function useCampaignEditor() {
  const { profile } = useSession();
  const offset = offsetOf(profile?.timeZone);
  const outcome = useOutcome(profile?.timeZone);
  const queryClient = useQueryClient();
  const withOutcome = async (call: Promise<Envelope<NotificationCampaign>>) => {
    try {
      const res = await call;
      return { ...res, message: outcome(res.data) };
    } catch (err) {
      // Sent meanwhile (409): the form shows why, the list behind it shows it as sent.
      if (err instanceof ApiError && err.code === 'ACTION_NOT_ALLOWED_FOR_STATUS') void queryClient.invalidateQueries({ queryKey: [LIST_KEY] });
      throw err;
    }
  };
  const editor = useEditing<NotificationCampaign, CampaignForm>({
    create: (v) => withOutcome(notificationCampaignApi.create(toCampaignBody(v, offset))),
    update: (campaignId, v) => withOutcome(notificationCampaignApi.update(campaignId, toCampaignBody(v, offset))),
    invalidate: [LIST_KEY, READER_KEY],
  });
  return { ...editor, offset };
}
