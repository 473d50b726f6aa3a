import { Button, Col, Descriptions, Modal, Row, Space, Tag, Typography } from 'antd';
import { BellOutlined, MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ROLES, type NotificationCampaign } from '@exship/contracts';
import { formatDateTime } from '@exship/domain';
import { roleName } from '../../shared/role-name';

// How a staff notification reads in the list and in its read-only view.

const ROLES_BY_CODE = new Map(ROLES.map((r) => [r.code as string, r]));

/** In the app (blue bell) or by email (purple envelope). */
export function ChannelTag({ channel }: { channel: NotificationCampaign['channel'] }) {
  const { t } = useTranslation();
  return channel === 'email' ? (
    <Tag color="purple" icon={<MailOutlined />}>
      {t('notif.channel.email')}
    </Tag>
  ) : (
    <Tag color="blue" icon={<BellOutlined />}>
      {t('notif.channel.noti')}
    </Tag>
  );
}

/** Everyone, the role names, or "N users". */
export function useTargetText() {
  const { t } = useTranslation();
  return (c: Pick<NotificationCampaign, 'target' | 'roles' | 'users'>) => {
    if (c.target === 'role') return c.roles.map((code) => roleName(ROLES_BY_CODE.get(code) ?? { code, name: code }, t)).join(', ');
    if (c.target === 'users') return t('notif.target.usersCount', { count: c.users.length });
    return t('notif.target.everyone');
  };
}

/** SPEC §4: Waiting (gold) or Sent (green), with when it went and to how many. */
export function CampaignStatus({ campaign, timeZone }: { campaign: NotificationCampaign; timeZone: string | undefined }) {
  const { t } = useTranslation();
  if (campaign.status === 'waiting') return <Tag color="gold">{t('notif.status.waiting')}</Tag>;
  return (
    <Space orientation="vertical" size={0}>
      <Tag color="green">{t('notif.status.sent')}</Tag>
      {campaign.sentAt && (
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {formatDateTime(campaign.sentAt, timeZone)}
        </Typography.Text>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {t('notif.recipients', { count: campaign.recipients })}
      </Typography.Text>
    </Space>
  );
}

function Texts({ label, title, content }: { label: string; title: string; content: string }) {
  return (
    <section aria-label={label} className="exn-lang">
      <Typography.Text type="secondary" className="exn-lang-head">
        {label}
      </Typography.Text>
      <Typography.Title level={2} style={{ marginTop: 4, fontSize: 16 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{content}</Typography.Paragraph>
    </section>
  );
}

/** A notification's details and texts, read-only (a sent one cannot change). */
export function CampaignView({ campaign, timeZone, onClose }: { campaign: NotificationCampaign | null; timeZone: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const targetText = useTargetText();
  return (
    <Modal
      open={campaign !== null}
      title={campaign?.name}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('net.common.close')}</Button>}
      width={820}
      style={{ maxWidth: 'calc(100vw - 16px)' }}
      destroyOnHidden
    >
      {campaign && (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('net.field.code')}>{campaign.code}</Descriptions.Item>
            <Descriptions.Item label={t('notif.field.type')}>{t(`notif.type.${campaign.type}`)}</Descriptions.Item>
            <Descriptions.Item label={t('notif.field.channel')}>
              <ChannelTag channel={campaign.channel} />
            </Descriptions.Item>
            <Descriptions.Item label={t('notif.field.target')}>{targetText(campaign)}</Descriptions.Item>
            <Descriptions.Item label={t('notif.col.publishAt')}>{formatDateTime(campaign.publishAt, timeZone)}</Descriptions.Item>
            <Descriptions.Item label={t('notif.col.status')}>
              <CampaignStatus campaign={campaign} timeZone={timeZone} />
            </Descriptions.Item>
            <Descriptions.Item label={t('notif.field.url')} span={2}>
              {campaign.url ?? '—'}
            </Descriptions.Item>
          </Descriptions>
          <Row gutter={24}>
            <Col xs={24} md={12}>
              <Texts label={t('notif.lang.En')} title={campaign.titleEn} content={campaign.contentEn} />
            </Col>
            <Col xs={24} md={12}>
              <Texts label={t('notif.lang.Vi')} title={campaign.titleVi} content={campaign.contentVi} />
            </Col>
          </Row>
        </>
      )}
    </Modal>
  );
}
