import { useEffect, useState, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import './a11y.css';
import i18n from './i18n';
import { createQueryClient } from './query-client';
import { useSession } from '../api/session';

/**
 * WCAG 2.2 AA: every text colour antd derives reaches 4.5:1 on white and on its tag
 * background. antd's defaults do not (placeholder #bfbfbf 1.83:1, secondary #8c8c8c 3.36:1, red
 * #ff4d4f 3.3:1, the green and gold tag texts); the fixes live here, once, for every screen.
 */
export const brandTheme = {
  // antd's default (light) algorithm; naming it would bring the theme module (dark, compact) along.
  token: {
    colorPrimary: '#1d4ed8',
    // antd derives a hover shade (#4373e6) under which white text is 4.34:1; this one is 5.2:1.
    colorPrimaryHover: '#2563eb',
    colorInfo: '#1d4ed8',
    colorError: '#cf1322',
    colorErrorText: '#a8071a',
    colorSuccessText: '#237804',
    colorWarningText: '#874d00',
    colorTextSecondary: '#4b5563',
    colorTextTertiary: '#595959',
    colorTextDescription: '#595959',
    colorTextPlaceholder: '#6b7280',
    colorTextHeading: '#0f172a',
    // The preset tag colours (green, gold …) are fixed in a11y.css: antd ignores palette overrides here.
    borderRadius: 8,
    fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
};

let dayjsInVietnamese = false;

/** i18n, antd (theme, locale, App for message/modal), TanStack Query. */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const { language } = useSession();
  // antd and dayjs speak English by default; the Vietnamese packs load only when needed, and
  // dayjs itself only with them (the screens that show dates import it), which keeps them out of the
  // login page's first download.
  const [antdLocale, setAntdLocale] = useState<Locale | undefined>(undefined);
  useEffect(() => {
    let current = true;
    if (language === 'vi') {
      void Promise.all([import('antd/locale/vi_VN'), import('dayjs'), import('dayjs/locale/vi')]).then(([vi, { default: dayjs }]) => {
        if (!current) return;
        dayjs.locale('vi');
        dayjsInVietnamese = true;
        setAntdLocale(vi.default);
      });
    } else {
      // Back from Vietnamese: dayjs is loaded then; a page that starts in English never asks for it.
      if (dayjsInVietnamese) void import('dayjs').then(({ default: dayjs }) => current && (dayjs.locale('en'), (dayjsInVietnamese = false)));
      setAntdLocale(undefined);
    }
    return () => {
      current = false;
    };
  }, [language]);
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider theme={brandTheme} locale={antdLocale}>
        <AntApp>
          <QueryClientProvider client={client}>{children}</QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </I18nextProvider>
  );
}
