import i18n from '../../app/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';

// The air freight screens' own strings (airports, airlines, fee schedules, freights, package freight,
// the freight report), registered when one of these lazily loaded screens is first imported: they
// stay out of the login bundle. deep = true, overwrite = false: never replaces a key that already exists.
export const FREIGHT_BUNDLES = { en, vi } as const;

for (const [lang, bundle] of Object.entries(FREIGHT_BUNDLES)) i18n.addResourceBundle(lang, 'translation', bundle, true, false);
