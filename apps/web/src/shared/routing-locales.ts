import i18n from '../app/i18n';
import en from './locales/routing.en.json';
import vi from './locales/routing.vi.json';

// The routing pieces' strings (routing.tsx), registered when a screen using them is first
// imported, so they stay out of the login page's initial bundle. Never replaces an existing key.
export const ROUTING_BUNDLES = { en, vi } as const;

for (const [lang, bundle] of Object.entries(ROUTING_BUNDLES)) i18n.addResourceBundle(lang, 'translation', bundle, true, false);
