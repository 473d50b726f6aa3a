import i18n from '../app/i18n';
import en from './locales/handover.en.json';
import vi from './locales/handover.vi.json';

// The hand-over pieces' strings (handover.tsx): the order page and the public guide use them.
export const HANDOVER_BUNDLES = { en, vi } as const;

for (const [lang, bundle] of Object.entries(HANDOVER_BUNDLES)) i18n.addResourceBundle(lang, 'translation', bundle, true, false);
