import i18n from '../app/i18n';
import en from './locales/scan-station.en.json';
import vi from './locales/scan-station.vi.json';

// The scan box's strings (scan-station.tsx), registered when a scanning screen is first imported, so
// they stay out of the login page's initial bundle. Never replaces an existing key.
export const SCAN_STATION_BUNDLES = { en, vi } as const;

for (const [lang, bundle] of Object.entries(SCAN_STATION_BUNDLES)) i18n.addResourceBundle(lang, 'translation', bundle, true, false);
