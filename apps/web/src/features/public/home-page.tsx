import './locales';
import { Button, Space, Tag } from 'antd';
import {
  ApiOutlined,
  BarcodeOutlined,
  BellOutlined,
  CalculatorOutlined,
  BarChartOutlined,
  CustomerServiceOutlined,
  DeploymentUnitOutlined,
  InboxOutlined,
  KeyOutlined,
  ShoppingOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../api/session';
import { useDocumentTitle } from '../../shared/use-document-title';

/** What a new account can use today: keep in step with the screens switched on in SCREENS. */
const TODAY = [
  { key: 'quote', icon: <CalculatorOutlined /> },
  { key: 'network', icon: <DeploymentUnitOutlined /> },
  { key: 'products', icon: <ShoppingOutlined /> },
  { key: 'orders', icon: <BarcodeOutlined /> },
  { key: 'warehouse', icon: <InboxOutlined /> },
  { key: 'wallet', icon: <WalletOutlined /> },
  { key: 'notifications', icon: <BellOutlined /> },
  { key: 'account', icon: <UserOutlined /> },
  { key: 'api', icon: <KeyOutlined /> },
  { key: 'tickets', icon: <CustomerServiceOutlined /> },
] as const;

/** Announced, clearly marked as not there yet. */
const COMING = [
  { key: 'support', icon: <BarChartOutlined /> },
  { key: 'walmart', icon: <ApiOutlined /> },
] as const;

/** The landing page: what ExShip does today, what comes next, and the way in. */
export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useSession();
  useDocumentTitle(t('public.home.docTitle'));

  return (
    <>
      <section className="pub-hero">
        <div className="pub-container pub-hero-grid">
          <div>
            <span className="pub-eyebrow">{t('public.home.eyebrow')}</span>
            <h1>{t('public.home.headline')}</h1>
            <p className="lead">{t('public.home.lead')}</p>
            <Space size={12} wrap>
              {token ? (
                <Button type="primary" size="large" onClick={() => navigate('/app/dashboard')}>
                  {t('public.cta.dashboard')}
                </Button>
              ) : (
                <>
                  <Button type="primary" size="large" onClick={() => navigate('/app/signup')}>
                    {t('public.cta.createAccount')}
                  </Button>
                  <Button size="large" onClick={() => navigate('/app/login')}>
                    {t('public.cta.signIn')}
                  </Button>
                </>
              )}
            </Space>
          </div>
          <div className="pub-hero-card">
            {TODAY.slice(0, 4).map((f) => (
              <div className="pub-route" key={f.key}>
                <span className="pub-route-dot">{f.icon}</span>
                <strong>{t(`public.home.today.${f.key}.title`)}</strong>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="pub-section" aria-labelledby="home-today">
        <div className="pub-container">
          <h2 id="home-today">{t('public.home.today')}</h2>
          <p className="sub">{t('public.home.today.sub')}</p>
          <div className="pub-features">
            {TODAY.map((f) => (
              <div className="pub-feature" key={f.key}>
                <span className="icon">{f.icon}</span>
                <h3>{t(`public.home.today.${f.key}.title`)}</h3>
                <p>{t(`public.home.today.${f.key}.body`)}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="pub-section" aria-labelledby="home-coming">
        <div className="pub-container">
          <h2 id="home-coming">{t('public.home.coming')}</h2>
          <p className="sub">{t('public.home.coming.sub')}</p>
          <div className="pub-steps">
            {COMING.map((f) => (
              <div className="pub-coming" key={f.key}>
                <span className="icon">{f.icon}</span>
                <Tag>{t('public.home.coming.tag')}</Tag>
                <h3>{t(`public.home.coming.${f.key}.title`)}</h3>
                <p>{t(`public.home.coming.${f.key}.body`)}</p>
              </div>
            ))}
          </div>
          <div className="pub-cta">
            <div>
              <h2>{t('public.home.cta.title')}</h2>
              <p>{t('public.home.cta.body')}</p>
            </div>
            <Button size="large" onClick={() => navigate(token ? '/app/dashboard' : '/app/signup')}>
              {token ? t('public.cta.dashboard') : t('public.cta.createAccount')}
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
