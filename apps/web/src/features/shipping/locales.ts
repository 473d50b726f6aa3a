import i18n from '../../app/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';

// The label, tracking and SCAN form screens' strings, registered when one of these lazily loaded
// screens (or the order detail's label card) is first imported: they stay out of the login bundle.
// deep = true, overwrite = false: never replaces a key that already exists.
export const SHIPPING_BUNDLES = { en, vi } as const;

for (const [lang, bundle] of Object.entries(SHIPPING_BUNDLES)) i18n.addResourceBundle(lang, 'translation', bundle, true, false);
