import i18n from '../../app/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';

// The ticket screen's own strings, registered when this lazily loaded feature is first imported.
export const TICKET_BUNDLES = { en, vi } as const;

for (const [lang, bundle] of Object.entries(TICKET_BUNDLES)) i18n.addResourceBundle(lang, 'translation', bundle, true, false);
