import { Col, Form, Input, Radio, Row, Select, Typography, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TARGETS,
  NOTIFICATION_TYPES,
  NotificationCampaignBodySchema,
  ROLES,
  type NotificationCampaign,
  type NotificationCampaignBody,
} from '@exship/contracts';
import { formatDateTime, validOffset, wallClockAt, wallClockWithOffset } from '@exship/domain';
import { CustomerSelect } from '../../shared/customer-select';
import { roleName } from '../../shared/role-name';
import { zodRule } from '../../shared/zod-rule';
import { upper } from '../../shared/list-ui';
import { DatePicker } from '../../shared/date-picker';

// The create/edit form of a staff notification (SPEC §3 admin fields, §4 target role, chosen
// users or everyone; channel in the app or by email). Rules come from the contracts schema.

/** The form's values: the body, with the publish time as the picker's value (empty = now). */
export type CampaignForm = Omit<NotificationCampaignBody, 'publishAt' | 'url' | 'iconUrl' | 'imageUrl'> & {
  url?: string;
  iconUrl?: string;
  imageUrl?: string;
  publishAt?: Dayjs | null;
};

const shape = NotificationCampaignBodySchema.shape;
const TEXT_MAX = { title: 150, content: 2000 } as const;

/** A usable offset ('+07:00'); the profile's, or +00:00 (SPEC §9 fallback). */
export const offsetOf = (timeZone: string | undefined) => validOffset(timeZone);

/** An instant as the wall-clock time at `offset`, which is what the picker shows and edits. */
export function toWallClock(instant: string | number, offset: string): Dayjs {
  return dayjs(wallClockAt(instant, offset));
}

/** A wall-clock time picked at `offset` → an ISO date-time with that offset (what the server takes). */
export function fromWallClock(value: Dayjs, offset: string): string {
  return wallClockWithOffset(value.format('YYYY-MM-DDTHH:mm'), offset);
}

const blankToNull = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/** The request body of the form's values; roles and users only for their target. */
export function toCampaignBody(v: CampaignForm, offset: string): NotificationCampaignBody {
  return {
    name: v.name,
    code: v.code,
    type: v.type,
    channel: v.channel,
    target: v.target,
    roles: v.target === 'role' ? (v.roles ?? []) : [],
    users: v.target === 'users' ? (v.users ?? []) : [],
    titleEn: v.titleEn,
    titleVi: v.titleVi,
    contentEn: v.contentEn,
    contentVi: v.contentVi,
    url: blankToNull(v.url),
    iconUrl: blankToNull(v.iconUrl),
    imageUrl: blankToNull(v.imageUrl),
    ...(v.publishAt ? { publishAt: fromWallClock(v.publishAt, offset) } : {}),
  };
}

/** The form's starting values: a blank in-app notice for everyone, or the row being edited. */
export function toCampaignForm(row: NotificationCampaign | null, offset: string): Partial<CampaignForm> {
  if (!row) return { type: 'announcement', channel: 'noti', target: 'all', roles: [], users: [], publishAt: null };
  return {
    ...row,
    url: row.url ?? '',
    iconUrl: row.iconUrl ?? '',
    imageUrl: row.imageUrl ?? '',
    publishAt: toWallClock(row.publishAt, offset),
  };
}

/** Roles grouped as the seller side first (the usual audience), then staff. */
function useRoleOptions() {
  const { t } = useTranslation();
  const of = (kind: string) => ROLES.filter((r) => r.kind === kind).map((r) => ({ value: r.code, label: roleName(r, t) }));
  return [
    { label: t('notif.roles.customer'), options: of('customer') },
    { label: t('notif.roles.staff'), options: of('staff') },
  ];
}

/** Says when saving sends it: now, or at the picked time. */
function PublishHint({ form, offset }: { form: FormInstance<CampaignForm>; offset: string }) {
  const { t } = useTranslation();
  const publishAt = Form.useWatch('publishAt', form);
  const now = toWallClock(Date.now(), offset);
  if (!publishAt || !publishAt.isAfter(now)) return <>{t('notif.hint.sendsNow', { offset })}</>;
  return <>{t('notif.hint.waits', { time: formatDateTime(fromWallClock(publishAt, offset), offset), offset })}</>;
}

/** Title and content in one language, with the live character counts. */
function LanguageTexts({ lang }: { lang: 'En' | 'Vi' }) {
  const { t } = useTranslation();
  const title = `title${lang}` as const;
  const content = `content${lang}` as const;
  return (
    <section aria-label={t(`notif.lang.${lang}`)} className="exn-lang">
      <Typography.Text strong className="exn-lang-head">
        {t(`notif.lang.${lang}`)}
      </Typography.Text>
      <Form.Item name={title} label={t('notif.field.title')} rules={[zodRule(shape[title], t)]} required>
        <Input maxLength={TEXT_MAX.title} showCount />
      </Form.Item>
      <Form.Item name={content} label={t('notif.field.content')} rules={[zodRule(shape[content], t)]} required>
        <Input.TextArea maxLength={TEXT_MAX.content} showCount autoSize={{ minRows: 4, maxRows: 10 }} />
      </Form.Item>
    </section>
  );
}

export function CampaignFields({ form, offset }: { form: FormInstance<CampaignForm>; offset: string }) {
  const { t } = useTranslation();
  const target = Form.useWatch('target', form);
  const roleOptions = useRoleOptions();
  const today = toWallClock(Date.now(), offset).startOf('day');
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label={t('net.field.name')} rules={[zodRule(shape.name, t)]} extra={t('notif.hint.name')} required>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="code" label={t('net.field.code')} rules={[zodRule(shape.code, t)]} normalize={upper} extra={t('net.hint.code')} required>
            <Input maxLength={50} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="type" label={t('notif.field.type')} rules={[zodRule(shape.type, t)]} required>
            <Select options={NOTIFICATION_TYPES.map((type) => ({ value: type, label: t(`notif.type.${type}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="channel" label={t('notif.field.channel')} rules={[zodRule(shape.channel, t)]} required>
            <Radio.Group options={NOTIFICATION_CHANNELS.map((channel) => ({ value: channel, label: t(`notif.channel.${channel}`) }))} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="target" label={t('notif.field.target')} rules={[zodRule(shape.target, t)]} required>
        <Radio.Group options={NOTIFICATION_TARGETS.map((to) => ({ value: to, label: t(`notif.target.${to}`) }))} />
      </Form.Item>
      {target === 'role' && (
        <Form.Item
          name="roles"
          label={t('notif.field.roles')}
          rules={[{ required: true, type: 'array', min: 1, message: t('validation.notification.roles') }, zodRule(shape.roles, t)]}
        >
          <Select mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} options={roleOptions} placeholder={t('notif.placeholder.roles')} />
        </Form.Item>
      )}
      {target === 'users' && (
        <Form.Item
          name="users"
          label={t('notif.field.users')}
          extra={t('notif.hint.users')}
          rules={[{ required: true, type: 'array', min: 1, message: t('validation.notification.users') }, zodRule(shape.users, t)]}
        >
          <CustomerSelect placeholder={t('notif.placeholder.users')} />
        </Form.Item>
      )}
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <LanguageTexts lang="En" />
        </Col>
        <Col xs={24} md={12}>
          <LanguageTexts lang="Vi" />
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="url" label={t('notif.field.url')} rules={[zodRule(shape.url, t)]} extra={t('notif.hint.url')}>
            <Input maxLength={300} placeholder="/app/products" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="publishAt" label={t('notif.field.publishAt', { offset })} extra={<PublishHint form={form} offset={offset} />}>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="DD-MM-YYYY HH:mm"
              placeholder={t('notif.placeholder.now')}
              // The picker's "Now" is the browser's clock, not the user's offset; empty already means now.
              showNow={false}
              disabledDate={(day) => day.isBefore(today)}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="iconUrl" label={t('notif.field.iconUrl')} rules={[zodRule(shape.iconUrl, t)]}>
            <Input maxLength={300} placeholder="https://" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="imageUrl" label={t('notif.field.imageUrl')} rules={[zodRule(shape.imageUrl, t)]}>
            <Input maxLength={300} placeholder="https://" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
