import { Button, Space } from 'antd';
import {
  ApiOutlined,
  BarcodeOutlined,
  CarOutlined,
  CloudUploadOutlined,
  EnvironmentOutlined,
  SafetyCertificateOutlined,
  ShopOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../api/session';
import { useDocumentTitle } from '../../shared/use-document-title';

const STEPS = ['create', 'pay', 'dropoff', 'track'] as const;
const FEATURES = [
  { key: 'import', icon: <CloudUploadOutlined /> },
  { key: 'wallet', icon: <WalletOutlined /> },
  { key: 'labels', icon: <BarcodeOutlined /> },
  { key: 'tracking', icon: <EnvironmentOutlined /> },
  { key: 'walmart', icon: <ShopOutlined /> },
  { key: 'api', icon: <ApiOutlined /> },
] as const;

/** The landing page: what ExShip does, how it works, and the way in. */
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
          <div className="pub-hero-card" aria-label={t('public.home.journey')}>
            {[
              { icon: <ShopOutlined />, k: 'order' },
              { icon: <BarcodeOutlined />, k: 'label' },
              { icon: <CarOutlined />, k: 'hub' },
              { icon: <SafetyCertificateOutlined />, k: 'delivered' },
            ].map((r) => (
              <div className="pub-route" key={r.k}>
                <span className="pub-route-dot">{r.icon}</span>
                <div>
                  <strong>{t(`public.home.journey.${r.k}`)}</strong>
                  <small>{t(`public.home.journey.${r.k}.note`)}</small>
                </div>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="pub-section">
        <div className="pub-container">
          <h2>{t('public.home.how.title')}</h2>
          <p className="sub">{t('public.home.how.sub')}</p>
          <div className="pub-steps">
            {STEPS.map((s) => (
              <div className="pub-step" key={s}>
                <h3>{t(`public.home.how.${s}.title`)}</h3>
                <p>{t(`public.home.how.${s}.body`)}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="pub-section">
        <div className="pub-container">
          <h2>{t('public.home.features.title')}</h2>
          <p className="sub">{t('public.home.features.sub')}</p>
          <div className="pub-features">
            {FEATURES.map((f) => (
              <div className="pub-feature" key={f.key}>
                <span className="icon">{f.icon}</span>
                <h3>{t(`public.home.features.${f.key}.title`)}</h3>
                <p>{t(`public.home.features.${f.key}.body`)}</p>
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
