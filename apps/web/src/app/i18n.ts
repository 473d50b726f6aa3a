import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CORE_MESSAGES, DEFAULT_LANGUAGE, type Language } from '@exship/contracts';
import en from '../locales/en.json';
import vi from '../locales/vi.json';
import zhCN from '../locales/zh-CN.json';
import { isLanguage, session } from '../api/session';

// UI strings merged with the server's messages, so validation keys from contracts
// ('validation.email.invalid', …) translate in forms too. Keys are flat: dots are part of the key.
export const resources = {
  // The feature messages (orders, wallet) are added by the signed-in layout (app/layout/locales.ts).
  en: { translation: { ...CORE_MESSAGES.en, ...en } },
  vi: { translation: { ...CORE_MESSAGES.vi, ...vi } },
  // SPEC §1: a Simplified Chinese wording exists only for the lazy screen loader.
  'zh-CN': { translation: zhCN },
};

/** SPEC §1: `?lang=vi` / `?lang=en` sets the page language (and is remembered). */
export function languageFromUrl(search: string): Language | null {
  const lang = new URLSearchParams(search).get('lang');
  return isLanguage(lang) ? lang : null;
}

export function initialLanguage(): Language {
  const fromUrl = typeof window !== 'undefined' ? languageFromUrl(window.location.search) : null;
  if (fromUrl && fromUrl !== session.get().language) session.setLanguage(fromUrl);
  return fromUrl ?? session.get().language ?? DEFAULT_LANGUAGE;
}

if (!i18n.isInitialized) {
  void i18n.use(initReactI18next).init({
    resources,
    lng: initialLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: ['en', 'vi', 'zh-CN'],
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
}

// Keep i18next and <html lang> in step with the stored language.
session.subscribe(() => {
  const { language } = session.get();
  if (i18n.language !== language) void i18n.changeLanguage(language);
});
i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

export default i18n;
