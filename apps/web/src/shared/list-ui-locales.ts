import i18n from '../app/i18n';
import en from './locales/list-ui.en.json';
import vi from './locales/list-ui.vi.json';

// The list and form pieces' strings (list-ui.tsx), registered when a screen using them is first
// imported, so they stay out of the login page's initial bundle. Never replaces an existing key.
export const LIST_UI_BUNDLES = { en, vi } as const;

for (const [lang, bundle] of Object.entries(LIST_UI_BUNDLES)) i18n.addResourceBundle(lang, 'translation', bundle, true, false);
