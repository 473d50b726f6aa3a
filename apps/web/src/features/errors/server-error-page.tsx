import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../shared/use-document-title';

/** SPEC §2: a generic 500 page with a link to the home page. A plain link reloads the app cleanly. */
export default function ServerErrorPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('error.page.500.title'));
  return (
    <Result
      status="500"
      title="500"
      subTitle={t('error.page.500')}
      extra={
        <Button type="primary" href="/">
          {t('error.page.goHome')}
        </Button>
      }
    />
  );
}
