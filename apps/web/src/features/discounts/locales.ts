import i18n from '../../app/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';

// The discount screens' strings, registered when one of these lazily
// loaded screens is first imported, so they stay out of the login page's initial bundle.
// deep = true, overwrite = false: never replaces a key that already exists.
export const DISCOUNT_BUNDLES = { en, vi } as const;

for (const [lang, bundle] of Object.entries(DISCOUNT_BUNDLES)) i18n.addResourceBundle(lang, 'translation', bundle, true, false);
