import i18n from '../../app/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';

// The billing screens' own strings, registered when this lazily loaded feature is first imported.
export const BILLING_BUNDLES = { en, vi } as const;

for (const [lang, bundle] of Object.entries(BILLING_BUNDLES)) i18n.addResourceBundle(lang, 'translation', bundle, true, false);
