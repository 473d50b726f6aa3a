import i18n from '../../app/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';

// The role, resource and permission screens' strings, registered when a lazily loaded screen is first imported.
export const ROLE_BUNDLES = { en, vi } as const;

for (const [lang, bundle] of Object.entries(ROLE_BUNDLES)) i18n.addResourceBundle(lang, 'translation', bundle, true, false);
