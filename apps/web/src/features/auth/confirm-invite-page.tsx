import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../shared/use-document-title';

/** SPEC §2 auth route. Team invitations land with the team-members module; until then, say so. */
export default function ConfirmInvitePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.invite.title'));
  return (
    <Result
      status="info"
      title={t('auth.invite.title')}
      subTitle={t('auth.invite.notYet')}
      extra={
        <Link to="/app/login">
          <Button type="primary">{t('auth.backToLogin')}</Button>
        </Link>
      }
    />
  );
}
