import type { Language } from './limits';
import { CORE_MESSAGES_EN, type FeatureMessageKey, type MessageKey } from './messages';
import { coreVi } from './messages.core-vi';
import { ADDRESS_CHECK_MESSAGES_EN, ADDRESS_CHECK_MESSAGES_VI } from './address-check.messages';
import { CRONJOB_MESSAGES_EN, CRONJOB_MESSAGES_VI } from './cronjobs.messages';
import { EMAIL_MESSAGES_EN, EMAIL_MESSAGES_VI } from './emails.messages';
import { MEMBER_MESSAGES_EN, MEMBER_MESSAGES_VI } from './members.messages';
import { API_KEY_MESSAGES_EN, API_KEY_MESSAGES_VI } from './apikeys.messages';
import { ROLE_MESSAGES_EN, ROLE_MESSAGES_VI } from './roles.messages';
import { CATALOG_MESSAGES_EN, CATALOG_MESSAGES_VI } from './catalog.messages';
import { WALMART_MESSAGES_EN, WALMART_MESSAGES_VI } from './walmart.messages';
import { TICKET_MESSAGES_EN, TICKET_MESSAGES_VI } from './tickets.messages';
import { ORDER_MESSAGES_EN, ORDER_MESSAGES_VI } from './orders.messages';
import { CREDIT_MESSAGES_EN, CREDIT_MESSAGES_VI } from './wallet.credit.messages';
import { SHIPPING_MESSAGES_EN, SHIPPING_MESSAGES_VI } from './shipping.messages';
import { FLOOR_MESSAGES_EN, FLOOR_MESSAGES_VI } from './floor.messages';
import { FREIGHT_MESSAGES_EN, FREIGHT_MESSAGES_VI } from './freight.messages';
import { TOP_UP_MESSAGES_EN, TOP_UP_MESSAGES_VI } from './wallet.topups.messages';
import { EXPORT_MESSAGES_EN, EXPORT_MESSAGES_VI } from './exports.messages';
import { WEBHOOK_MESSAGES_EN, WEBHOOK_MESSAGES_VI } from './webhooks.messages';
import { REPORT_MESSAGES_EN, REPORT_MESSAGES_VI } from './reports.messages';

// The whole message catalogue: the core messages (messages.ts) and the features' (orders, wallet).
// A module of its own, so a bundle that needs only the core (the web's login page) leaves the features
// out; the web registers them with the signed-in layout.

type Catalogue = Record<Language, Record<MessageKey, string>>;
let features: Record<Language, Record<FeatureMessageKey, string>> | undefined;
let whole: Catalogue | undefined;
const featureCatalogue = () =>
  (features ??= {
    en: { ...ORDER_MESSAGES_EN, ...TOP_UP_MESSAGES_EN, ...CREDIT_MESSAGES_EN, ...SHIPPING_MESSAGES_EN, ...FLOOR_MESSAGES_EN, ...FREIGHT_MESSAGES_EN, ...ADDRESS_CHECK_MESSAGES_EN, ...CRONJOB_MESSAGES_EN, ...EMAIL_MESSAGES_EN, ...MEMBER_MESSAGES_EN, ...API_KEY_MESSAGES_EN, ...ROLE_MESSAGES_EN, ...EXPORT_MESSAGES_EN, ...CATALOG_MESSAGES_EN, ...WALMART_MESSAGES_EN, ...WEBHOOK_MESSAGES_EN, ...TICKET_MESSAGES_EN, ...REPORT_MESSAGES_EN },
    vi: { ...ORDER_MESSAGES_VI, ...TOP_UP_MESSAGES_VI, ...CREDIT_MESSAGES_VI, ...SHIPPING_MESSAGES_VI, ...FLOOR_MESSAGES_VI, ...FREIGHT_MESSAGES_VI, ...ADDRESS_CHECK_MESSAGES_VI, ...CRONJOB_MESSAGES_VI, ...EMAIL_MESSAGES_VI, ...MEMBER_MESSAGES_VI, ...API_KEY_MESSAGES_VI, ...ROLE_MESSAGES_VI, ...EXPORT_MESSAGES_VI, ...CATALOG_MESSAGES_VI, ...WALMART_MESSAGES_VI, ...WEBHOOK_MESSAGES_VI, ...TICKET_MESSAGES_VI, ...REPORT_MESSAGES_VI } satisfies Record<FeatureMessageKey, string>,
  });
const catalogue = () => (whole ??= { en: { ...featureCatalogue().en, ...CORE_MESSAGES_EN }, vi: { ...featureCatalogue().vi, ...coreVi } });

/** Every message, by language (the server's replies). */
export const MESSAGES: Catalogue = {
  get en() {
    return catalogue().en;
  },
  get vi() {
    return catalogue().vi;
  },
};

/** The features' messages (orders, wallet): the web registers them with the signed-in layout. */
export const featureMessages = (): Record<Language, Record<string, string>> => featureCatalogue();

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(catalogue().en, key);
}

/** Translate a key with `{{var}}` substitution; unknown keys come back as they are. */
export function translate(lang: Language, key: string, vars: Record<string, string> = {}): string {
  const text = isMessageKey(key) ? MESSAGES[lang][key] : key;
  // Most messages have no placeholder ('OK' on every reply): no pattern to run.
  return text.includes('{{') ? text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '') : text;
}
