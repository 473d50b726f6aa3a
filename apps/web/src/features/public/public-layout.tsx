import './locales';
import { Button, Dropdown, Space } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '@exship/contracts';
import { useSession } from '../../api/session';
import { Brand } from '../../shared/brand';
import { LanguageSwitch } from '../../shared/language-switch';
import { PHONE_QUERY, useMediaQuery } from '../../shared/use-media-query';
import './public.css';

export const PUBLIC_NAV = [
  { to: '/', key: 'public.nav.home' },
  { to: '/system-guide', key: 'public.nav.guide' },
  { to: '/shipping-procedures', key: 'public.nav.procedures' },
  { to: '/walmart', key: 'public.nav.walmart' },
  { to: '/policy', key: 'public.nav.policy' },
  { to: '/about-us', key: 'public.nav.about' },
] as const;

/** The public site's frame: header navigation, the page, a footer. */
export default function PublicLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useSession();
  const phone = useMediaQuery(PHONE_QUERY);
  const narrow = useMediaQuery('(max-width: 1023.98px)');

  const accountButtons = token ? (
    <Button type="primary" onClick={() => navigate('/app/dashboard')}>
      {t('public.cta.dashboard')}
    </Button>
  ) : (
    <Space size={8}>
      <Button onClick={() => navigate('/app/login')}>{t('public.cta.signIn')}</Button>
      {!phone && (
        <Button type="primary" onClick={() => navigate('/app/signup')}>
          {t('public.cta.signUp')}
        </Button>
      )}
    </Space>
  );

  return (
    <div className="pub">
      <header className="pub-header">
        <div className="pub-container pub-header-row">
          <Brand />
          {!narrow && (
            <nav aria-label={t('public.nav.label')} className="pub-nav">
              {PUBLIC_NAV.map((n) => (
                <NavLink key={n.to} to={n.to} end className={({ isActive }) => (isActive ? 'active' : undefined)}>
                  {t(n.key)}
                </NavLink>
              ))}
            </nav>
          )}
          <Space size={8}>
            {!phone && <LanguageSwitch />}
            {accountButtons}
            {narrow && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    ...PUBLIC_NAV.map((n) => ({ key: n.to, label: t(n.key) })),
                    { key: '/term-condition', label: t('public.nav.terms') },
                    ...(phone && !token ? [{ type: 'divider' as const }, { key: '/app/signup', label: t('public.cta.signUp') }] : []),
                  ],
                  onClick: ({ key }) => navigate(key),
                }}
              >
                <Button aria-label={t('public.nav.label')} icon={<MenuOutlined />} />
              </Dropdown>
            )}
          </Space>
        </div>
      </header>
      <main className="pub-main">
        <Outlet />
      </main>
      <footer className="pub-footer">
        <div className="pub-container pub-footer-row">
          <div>
            <Brand light />
            <p className="pub-footer-note">{t('public.footer.tagline')}</p>
          </div>
          <nav aria-label={t('public.footer.links')} className="pub-footer-links">
            {PUBLIC_NAV.map((n) => (
              <Link key={n.to} to={n.to}>
                {t(n.key)}
              </Link>
            ))}
            <Link to="/term-condition">{t('public.nav.terms')}</Link>
          </nav>
          {phone && <LanguageSwitch />}
        </div>
        <div className="pub-container pub-copyright">
          © {new Date().getFullYear()} {PRODUCT_NAME}. {t('public.footer.rights')}
        </div>
      </footer>
    </div>
  );
}
