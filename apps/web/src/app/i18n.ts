import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CORE_MESSAGES_EN, DEFAULT_LANGUAGE, type Language } from '@exship/contracts';
import en from '../locales/en.json';
import zhCN from '../locales/zh-CN.json';
import { isLanguage, session } from '../api/session';

// UI strings merged with the server's messages, so validation keys from contracts
// ('validation.email.invalid', …) translate in forms too. Keys are flat: dots are part of the key.
export const resources = {
  // The feature messages (orders, wallet) are added by the signed-in layout (app/layout/locales.ts).
  en: { translation: { ...CORE_MESSAGES_EN, ...en } },
  // Vietnamese loads on demand (loadLanguage): an English page's first download leaves it out.
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

let vietnamese: Promise<void> | undefined;
let vietnameseLoaded = false;

/** The strings of `lng` in i18next: at once for English, after a small chunk for Vietnamese. */
export function loadLanguage(lng: string): Promise<void> {
  if (lng !== 'vi') return Promise.resolve();
  vietnamese ??= Promise.all([import('@exship/contracts/messages.core-vi'), import('../locales/vi.json')]).then(
    ([core, ui]) => {
      // deep, not overwriting: the signed-in layout may have added its Vietnamese strings first.
      i18n.addResourceBundle('vi', 'translation', { ...core.coreVi, ...ui.default }, true, false);
      vietnameseLoaded = true;
    },
    (err: unknown) => {
      vietnamese = undefined; // a failed chunk may be tried again
      throw err;
    },
  );
  return vietnamese;
}

const isLoaded = (lng: string) => lng !== 'vi' || vietnameseLoaded;

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

// Keep i18next and <html lang> in step with the stored language (once its strings are there; a
// language picked again meanwhile wins).
session.subscribe(() => {
  const { language } = session.get();
  if (i18n.language === language) return;
  if (isLoaded(language)) void i18n.changeLanguage(language);
  else
    void loadLanguage(language)
      .then(() => {
        if (session.get().language === language) void i18n.changeLanguage(language);
      })
      .catch(() => undefined);
});
i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

export default i18n;
