import { useEffect, useState } from 'react';
import { App, Button, Modal, Typography } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Profile } from '@exship/contracts';
import { profileApi } from '../../api/endpoints';
import { session } from '../../api/session';
import { errorText } from '../../shared/api-feedback';

// SPEC §2: a banner modal about integrations, shown once after login to users with the Walmart
// integration permission; 'Got it' dismisses it for good (kept on the user by the server, so every
// device and every later login knows). Closing it otherwise only hides it until the next login.

/** The permission the banner speaks to: connecting a Walmart store (SPEC §6 "Walmart connect"). */
export const INTEGRATIONS_BANNER_PERMISSION = 'EX-WALMART-CONNECT';

/** The logins (tokens) the banner was already shown for in this tab: once per login. */
const shownForToken = new Set<string>();

export function shouldShowIntegrationsBanner(profile: Profile, token: string | null): boolean {
  return !!token && !shownForToken.has(token) && profile.permissions.includes(INTEGRATIONS_BANNER_PERMISSION) && !profile.dismissedNotices.includes('integrations-banner');
}

export function IntegrationsBanner({ profile, token }: { profile: Profile; token: string | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(() => shouldShowIntegrationsBanner(profile, token));
  const [saving, setSaving] = useState(false);
  // Marked once the banner is really on screen: a render React throws away (a suspended layout)
  // must not use up the login's one showing.
  useEffect(() => {
    if (open && token) shownForToken.add(token);
  }, [open, token]);
  const close = () => setOpen(false);
  const gotIt = async () => {
    setSaving(true);
    try {
      const res = await profileApi.dismissNotice('integrations-banner');
      if (session.get().token === token) session.setProfile(res.data);
      setOpen(false);
    } catch (err) {
      message.error(errorText(err, t));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={
        <span>
          <ShopOutlined style={{ marginInlineEnd: 8 }} />
          {t('integrationsBanner.title')}
        </span>
      }
      onCancel={close}
      footer={
        <Button type="primary" loading={saving} onClick={() => void gotIt()}>
          {t('integrationsBanner.gotIt')}
        </Button>
      }
    >
      <Typography.Paragraph>{t('integrationsBanner.body')}</Typography.Paragraph>
      <Typography.Paragraph>
        <Link to="/app/integrations" onClick={close}>
          {t('integrationsBanner.link')}
        </Link>
      </Typography.Paragraph>
    </Modal>
  );
}
