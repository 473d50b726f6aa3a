import i18n from '../../app/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';

// The integrations screen's own strings, registered when this lazily loaded feature is first
// imported. deep = true, overwrite = false: never replaces a key that already exists.
export const INTEGRATIONS_BUNDLES = { en, vi } as const;

for (const [lang, bundle] of Object.entries(INTEGRATIONS_BUNDLES)) i18n.addResourceBundle(lang, 'translation', bundle, true, false);
