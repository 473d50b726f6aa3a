import i18n from '../../../app/i18n';
import en from './en.json';
import vi from './vi.json';

// The import screens' own strings (order import, surcharge import), registered when either lazily
// loaded screen is first imported. Their own files and namespaces (orderImport.*, surchargeImport.*)
// so they never collide with the other order screens' strings.
// deep = true, overwrite = false: never replaces a key that already exists.
export const ORDER_IMPORT_BUNDLES = { en, vi } as const;

for (const [lang, bundle] of Object.entries(ORDER_IMPORT_BUNDLES)) i18n.addResourceBundle(lang, 'translation', bundle, true, false);
