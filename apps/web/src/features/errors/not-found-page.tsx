import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../shared/use-document-title';

/** SPEC §2: unknown routes under /app. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('error.page.404.title'));
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('error.page.404')}
      extra={
        <Button type="primary" onClick={() => navigate('/app/dashboard')}>
          {t('error.page.backHome')}
        </Button>
      }
    />
  );
}
