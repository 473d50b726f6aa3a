import i18n from '../../app/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';

// The dashboard's own strings, registered with its lazily loaded chunk (not in the login bundle).
// deep = true, overwrite = false: never replaces a key that already exists.
export const DASHBOARD_BUNDLES = { en, vi } as const;

for (const [lang, bundle] of Object.entries(DASHBOARD_BUNDLES)) i18n.addResourceBundle(lang, 'translation', bundle, true, false);
