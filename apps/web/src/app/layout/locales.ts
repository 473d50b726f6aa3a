import { featureMessages } from '@exship/contracts';
import i18n from '../i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';

// Strings of the signed-in shell (role names), registered with the lazily loaded app layout, so
// they stay out of the login page's initial bundle. deep = true, overwrite = false.
export const LAYOUT_BUNDLES = { en, vi } as const;

for (const [lang, bundle] of Object.entries(LAYOUT_BUNDLES)) i18n.addResourceBundle(lang, 'translation', bundle, true, false);
// The server's messages of the features behind sign-in (orders, wallet), for their forms' validation keys.
for (const [lang, bundle] of Object.entries(featureMessages())) i18n.addResourceBundle(lang, 'translation', bundle, true, false);
