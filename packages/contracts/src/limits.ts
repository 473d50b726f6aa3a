// SPEC §5 and §9: numbers every layer agrees on.
export const LIMITS = {
  fullNameMax: 50,
  passwordMin: 12,
  passwordMax: 128,
  emailMax: 254,
  noteMax: 255,
  /** SPEC §9: confirmation links are valid 10 minutes. */
  emailLinkMinutes: 10,
  /** Sessions: idle and absolute lifetimes (OWASP ASVS level 2). */
  sessionIdleMinutes: 12 * 60,
  sessionAbsoluteDays: 7,
  /** Login throttling: failures per account, attempts per IP, within one window. */
  loginWindowMinutes: 15,
  loginFailuresPerAccount: 10,
  loginAttemptsPerIp: 50,
  /** Re-sending verification and reset mail. */
  mailRequestsPerWindow: 5,
  defaultTimeZone: '+07:00',
  unreadBadgeMax: 100,
  lazyLoadTimeoutMs: 10_000,
  /** SPEC §4: label purchase timing options, in hours after payment (0 = on payment). */
  labelPurchaseDelayHours: [0, 4, 8, 12, 24] as const,
} as const;

export const LANGUAGES = ['en', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const PRODUCT_NAME = 'ExShip';
