import i18n from '../../app/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';

// The report screens' own strings (the six rollup reports), registered when one of these
// lazily loaded screens is first imported: they stay out of the login bundle.
// deep = true, overwrite = false: never replaces a key that already exists.
export const REPORTS_BUNDLES = { en, vi } as const;

for (const [lang, bundle] of Object.entries(REPORTS_BUNDLES)) i18n.addResourceBundle(lang, 'translation', bundle, true, false);
