import './locales';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, App, Avatar, Button, Card, Checkbox, Descriptions, Form, Input, Select, Skeleton, Space, Tabs, Typography, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AVATAR_MAX_BYTES, LANGUAGES, LIMITS, ProfileSettingBodySchema, UpdateAvatarEndpoint, ProfileUpdateBodySchema, UpdatePasswordBodySchema, passwordField, type Language, type Profile, type ScreenDef } from '@exship/contracts';
import { formatDateTime, hasAccess } from '@exship/domain';
import { callEnvelope } from '../../api/call';
import { ApiError } from '../../api/client';
import { authApi, profileApi } from '../../api/endpoints';
import { session, useSession } from '../../api/session';
import { useAction } from '../../shared/use-action';
import { AutoPaySwitch } from '../../shared/auto-pay-switch';
import { roleName } from '../../shared/role-name';
import { SenderTab } from './sender-tab';
import { TeamTab } from './team-tab';
import { LANGUAGE_LABEL } from '../../shared/language-switch';
import { useChangeLanguage } from '../../shared/use-change-language';
import { matchesField, zodRule } from '../../shared/zod-rule';
import { DatePicker, viewerNow } from '../../shared/date-picker';

const TABS = ['info', 'setting', 'sender', 'team', 'change-password'] as const;
type TabKey = (typeof TABS)[number];

// Offsets people actually use, -12:00 to +14:00 (contracts' TIME_ZONE_PATTERN).
const TIME_ZONES = [
  '-12:00', '-11:00', '-10:00', '-09:30', '-09:00', '-08:00', '-07:00', '-06:00', '-05:00', '-04:00', '-03:30', '-03:00',
  '-02:00', '-01:00', '+00:00', '+01:00', '+02:00', '+03:00', '+03:30', '+04:00', '+04:30', '+05:00', '+05:30', '+05:45',
  '+06:00', '+06:30', '+07:00', '+08:00', '+08:45', '+09:00', '+09:30', '+10:00', '+10:30', '+11:00', '+12:00', '+12:45',
  '+13:00', '+14:00',
];

/** The profile photo: a JPG or PNG under 5 MB, checked here first and by its bytes on the server. */
function AvatarCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const upload = useAction((file: File) => callEnvelope(UpdateAvatarEndpoint, { file }), {
    success: 'profile.avatar.saved',
    onSuccess: (res) => res.data?.id && session.setProfile(res.data),
  });
  return (
    <Space align="center" size="large" style={{ marginBottom: 16 }}>
      <Avatar size={72} src={profile.avatar ?? undefined} icon={<UserOutlined />} alt={t('profile.avatar.alt')} />
      <Space direction="vertical" size={4}>
        <Upload
          accept="image/jpeg,image/png"
          showUploadList={false}
          beforeUpload={(file) => {
            if (!['image/jpeg', 'image/png'].includes(file.type)) message.error(t('profile.avatar.type'));
            else if (file.size >= AVATAR_MAX_BYTES) message.error(t('profile.avatar.size'));
            else void upload.run(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.pending}>
            {t('profile.avatar.change')}
          </Button>
        </Upload>
        <Typography.Text type="secondary">{t('profile.avatar.hint')}</Typography.Text>
      </Space>
    </Space>
  );
}

/** The profile body, with the date of birth as the picker's value. */
type InfoForm = Omit<z.input<typeof ProfileUpdateBodySchema>, 'dateOfBirth'> & { dateOfBirth?: Dayjs | null };

function InfoTab({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<InfoForm>();
  const shape = ProfileUpdateBodySchema.shape;
  const save = useAction(
    (v: InfoForm) =>
      profileApi.update({
        fullName: v.fullName,
        phone: v.phone?.trim() || undefined,
        gender: v.gender ?? null,
        dateOfBirth: v.dateOfBirth ? v.dateOfBirth.format('YYYY-MM-DD') : null,
      }),
    { success: 'profile.saved', form, onSuccess: (res) => res.data?.id && session.setProfile(res.data) },
  );
  const onFinish = (v: InfoForm) => void save.run(v);
  const saving = save.pending;

  return (
    <div style={{ maxWidth: 560 }}>
      <AvatarCard profile={profile} />
      <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('auth.field.email')}>{profile.email}</Descriptions.Item>
        <Descriptions.Item label={t('profile.role')}>{roleName(profile.role, t)}</Descriptions.Item>
        <Descriptions.Item label={t('profile.createdAt')}>{formatDateTime(profile.createdAt, profile.timeZone)}</Descriptions.Item>
      </Descriptions>
      <Form<InfoForm>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{
          fullName: profile.fullName,
          phone: profile.phone ?? '',
          gender: profile.gender,
          dateOfBirth: profile.dateOfBirth ? dayjs(profile.dateOfBirth) : null,
        }}
      >
        <Form.Item name="fullName" label={t('auth.field.fullName')} rules={[zodRule(shape.fullName, t)]} required>
          <Input maxLength={60} autoComplete="name" />
        </Form.Item>
        <Form.Item name="phone" label={t('auth.field.phone')} rules={[zodRule(shape.phone, t)]}>
          <Input type="tel" autoComplete="tel" />
        </Form.Item>
        <Form.Item name="gender" label={t('profile.gender')}>
          <Select
            allowClear
            placeholder={t('profile.gender.none')}
            options={[
              { value: 'male', label: t('profile.gender.male') },
              { value: 'female', label: t('profile.gender.female') },
            ]}
          />
        </Form.Item>
        <Form.Item name="dateOfBirth" label={t('profile.dateOfBirth')}>
          <DatePicker format="DD-MM-YYYY" style={{ width: '100%' }} disabledDate={(d) => d.isAfter(viewerNow(), 'day')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('common.save')}
        </Button>
      </Form>
    </div>
  );
}

type SettingForm = z.input<typeof ProfileSettingBodySchema>;

function SettingTab({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { language } = useSession();
  const changeLanguage = useChangeLanguage();
  const [form] = Form.useForm<SettingForm>();
  const canWallet = hasAccess(profile.permissions, 'EX-WALLET-VIEW');
  // Auto-pay and the label delay are the account's (every team member's): only who may pay changes them.
  const canAccount = hasAccess(profile.permissions, 'EX-ORDER-PAY');
  const zones = TIME_ZONES.includes(profile.timeZone) ? TIME_ZONES : [...TIME_ZONES, profile.timeZone].sort();

  const save = useAction(
    (v: SettingForm) =>
      profileApi.updateSetting({
        timeZone: v.timeZone,
        ...(canAccount ? { labelPurchaseDelayHours: v.labelPurchaseDelayHours } : {}),
      }),
    { success: 'profile.settingSaved', form, onSuccess: (res) => res.data?.id && session.setProfile(res.data) },
  );
  const onFinish = (v: SettingForm) => void save.run(v);
  const saving = save.pending;

  return (
    <div style={{ maxWidth: 560 }}>
      <Form<SettingForm>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ timeZone: profile.timeZone, labelPurchaseDelayHours: profile.labelPurchaseDelayHours }}
      >
        <Typography.Title level={5}>{t('profile.settings.personal')}</Typography.Title>
        <Form.Item name="timeZone" label={t('profile.timeZone')} extra={t('profile.timeZone.help')}>
          <Select showSearch options={zones.map((z) => ({ value: z, label: `GMT${z}` }))} />
        </Form.Item>
        {canAccount && (
          <>
            <Typography.Title level={5}>{t('profile.settings.account')}</Typography.Title>
            <Typography.Paragraph type="secondary">{t('profile.settings.account.help')}</Typography.Paragraph>
            <Form.Item name="labelPurchaseDelayHours" label={t('profile.labelDelay')} extra={t('profile.labelDelay.help')}>
              <Select
                options={LIMITS.labelPurchaseDelayHours.map((h) => ({
                  value: h,
                  label: h === 0 ? t('profile.labelDelay.onPayment') : t('profile.labelDelay.after', { hours: h }),
                }))}
              />
            </Form.Item>
            {canWallet && (
              // Saved as soon as it is flipped: the same switch as the billing wallet tab.
              <Form.Item label={t('profile.autoPay')} htmlFor="profile-auto-pay" extra={t('profile.autoPay.help')}>
                <AutoPaySwitch id="profile-auto-pay" label={t('profile.autoPay')} />
              </Form.Item>
            )}
          </>
        )}
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('common.save')}
        </Button>
      </Form>
      <div style={{ marginTop: 32 }}>
        <Typography.Title level={5}>{t('profile.language')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('profile.language.help')}</Typography.Paragraph>
        <label htmlFor="profile-language" style={{ display: 'block', marginBottom: 6 }}>
          {t('common.language')}
        </label>
        <Select<Language>
          id="profile-language"
          value={language}
          style={{ width: 200 }}
          options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABEL[l] }))}
          onChange={changeLanguage}
        />
      </div>
    </div>
  );
}

type PasswordForm = z.input<typeof UpdatePasswordBodySchema>;

function ChangePasswordTab() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const [form] = Form.useForm<PasswordForm>();
  const save = useAction((v: PasswordForm) => authApi.updatePassword({ ...v, logoutOtherSessions: v.logoutOtherSessions ?? true }), {
    success: 'profile.passwordChanged',
    form,
    onSuccess: async () => {
      form.resetFields();
      // A required change is done: the fresh profile lifts the restriction in the app.
      if (profile?.mustChangePassword) session.setProfile((await authApi.me()).data);
    },
    onError: (err, _v, placed) => {
      if (!placed && err instanceof ApiError && (err.code === 'CURRENT_PASSWORD_WRONG' || err.code === 'PASSWORD_REUSED')) {
        form.setFields([{ name: err.code === 'CURRENT_PASSWORD_WRONG' ? 'currentPassword' : 'password', errors: [err.message || t(`error.${err.code}`)] }]);
      }
    },
  });
  const onFinish = (v: PasswordForm) => void save.run(v);
  const saving = save.pending;

  return (
    <div style={{ maxWidth: 480 }}>
      {profile?.mustChangePassword && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('profile.mustChangePassword')} />}
      <Form<PasswordForm> form={form} layout="vertical" onFinish={onFinish} initialValues={{ logoutOtherSessions: true }}>
        <Form.Item name="currentPassword" label={t('profile.currentPassword')} rules={[{ required: true, message: t('validation.required') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label={t('auth.field.newPassword')} rules={[zodRule(passwordField, t)]} extra={t('auth.field.passwordHint')} required>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('auth.field.confirmPassword')} dependencies={['password']} rules={[matchesField('password', t)]} required>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="logoutOtherSessions" valuePropName="checked">
          <Checkbox>{t('profile.logoutOthers')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('profile.changePassword')}
        </Button>
      </Form>
    </div>
  );
}

/** SPEC §2: /app/profile with tabs chosen by ?t=setting or ?t=change-password. */
export default function ProfilePage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get('t');
  const active: TabKey = (TABS as readonly string[]).includes(requested ?? '') ? (requested as TabKey) : 'info';
  if (!profile) return <Skeleton active />;
  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('screen.profile')}
      </Typography.Title>
      <Tabs
        activeKey={active}
        onChange={(key) => setParams(key === 'info' ? {} : { t: key })}
        items={[
          { key: 'info', label: t('profile.tab.info'), children: <InfoTab profile={profile} key={profile.id} /> },
          { key: 'setting', label: t('profile.tab.setting'), children: <SettingTab profile={profile} /> },
          // A seller's account sends parcels; staff act for sellers and have none.
          ...(!hasAccess(profile.permissions, 'EX-ACT-FOR-CUSTOMER') ? [{ key: 'sender', label: t('profile.tab.sender'), children: <SenderTab profile={profile} /> }] : []),
          ...(hasAccess(profile.permissions, 'EX-TEAM-MEMBER-MANAGE') ? [{ key: 'team', label: t('profile.tab.team'), children: <TeamTab /> }] : []),
          { key: 'change-password', label: t('profile.tab.changePassword'), children: <ChangePasswordTab /> },
        ]}
      />
    </Card>
  );
}
