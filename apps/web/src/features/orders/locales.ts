import i18n from '../../app/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';

// The order screens' own strings, registered when this lazily loaded feature is first imported:
// they stay out of the login page's initial bundle and out of the shared locale files.
// deep = true, overwrite = false: never replaces a key that already exists.
export const ORDER_BUNDLES = { en, vi } as const;

for (const [lang, bundle] of Object.entries(ORDER_BUNDLES)) i18n.addResourceBundle(lang, 'translation', bundle, true, false);
