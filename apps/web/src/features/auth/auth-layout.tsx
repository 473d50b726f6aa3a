import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../shared/brand';
import { LanguageSwitch } from '../../shared/language-switch';

/**
 * The sign-in pages' own layout: a centered card with the product name and a language switch.
 * Plain markup instead of antd Card/Typography keeps the login page's first load small.
 */
export default function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: 'linear-gradient(160deg, #eef2ff 0%, #f8fafc 55%, #ecfeff 100%)',
      }}
    >
      <header style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '16px 20px' }}>
        <Brand />
        <LanguageSwitch />
      </header>
      <main style={{ flex: 1, display: 'flex', alignItems: 'flex-start', justifyContent: 'center', padding: '24px 16px 48px' }}>
        <div
          style={{
            width: '100%',
            maxWidth: 460,
            background: '#fff',
            borderRadius: 12,
            border: '1px solid #e5e7eb',
            boxShadow: '0 10px 30px rgba(15, 23, 42, 0.08)',
            padding: '28px 28px 20px',
            boxSizing: 'border-box',
          }}
        >
          <Outlet />
        </div>
      </main>
      <footer style={{ textAlign: 'center', padding: 16, color: '#64748b', fontSize: 13 }}>{t('auth.footer', { year: new Date().getFullYear() })}</footer>
    </div>
  );
}
