import i18n from '../../app/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';

// The notifications screen's own strings, registered when this lazily loaded screen is first
// imported, so they stay out of the login page's initial bundle.
// deep = true, overwrite = false: never replaces a key that already exists.
export const NOTIFICATION_BUNDLES = { en, vi } as const;

for (const [lang, bundle] of Object.entries(NOTIFICATION_BUNDLES)) i18n.addResourceBundle(lang, 'translation', bundle, true, false);
