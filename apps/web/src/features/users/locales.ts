import i18n from '../../app/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';

// The user management screen's strings, registered when the lazily loaded screen is first imported.
export const USER_BUNDLES = { en, vi } as const;

for (const [lang, bundle] of Object.entries(USER_BUNDLES)) i18n.addResourceBundle(lang, 'translation', bundle, true, false);
