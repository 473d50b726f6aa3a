import i18n from '../../app/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';

// The network, pricing, discount and quote screens' strings, registered when one of these lazily
// loaded screens is first imported, so they stay out of the login page's initial bundle.
// deep = true, overwrite = false: never replaces a key that already exists.
export const CATALOG_BUNDLES = { en, vi } as const;

for (const [lang, bundle] of Object.entries(CATALOG_BUNDLES)) i18n.addResourceBundle(lang, 'translation', bundle, true, false);
