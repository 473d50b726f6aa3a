import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../shared/use-document-title';

/** SPEC §2/§8: a screen the user has no rights to. */
export default function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('error.page.403.title'));
  return (
    <Result
      status="403"
      title="403"
      subTitle={t('error.page.403')}
      extra={
        <Button type="primary" onClick={() => navigate('/app/dashboard')}>
          {t('error.page.backHome')}
        </Button>
      }
    />
  );
}
