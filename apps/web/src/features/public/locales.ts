import i18n from '../../app/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';

// The home page's own strings, registered when its lazily loaded chunk is first imported, so they
// stay out of the login page's initial bundle. deep = true, overwrite = false.
export const PUBLIC_BUNDLES = { en, vi } as const;

for (const [lang, bundle] of Object.entries(PUBLIC_BUNDLES)) i18n.addResourceBundle(lang, 'translation', bundle, true, false);
