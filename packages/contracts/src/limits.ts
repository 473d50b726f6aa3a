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
  /** Login throttling: attempts per IP within one window. */
  loginWindowMinutes: 15,
  loginAttemptsPerIp: 50,
  /**
   * Wrong passwords per (account, client address): the first ones are free, then each next attempt
   * from that address waits 1 s, 2 s, 4 s … up to the cap. Forgotten after a quiet window.
   */
  loginFreeFailures: 5,
  loginDelayCapSeconds: 300,
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

/** Imports (platform/imports.ts): files above `inlineMaxBytes` run as a job with progress. */
export const IMPORT_LIMITS = {
  inlineMaxBytes: 1024 * 1024,
  /** A queued or running import not touched for this long is treated as dead (a crashed process). */
  staleAfterMinutes: 30,
  /** How long a stored error workbook stays downloadable. */
  errorWorkbookDays: 7,
} as const;

/** Seller uploads (mockups) per account. */
export const UPLOAD_LIMITS = {
  accountQuotaBytes: 200 * 1024 * 1024,
  uploadsPerWindow: 30,
  windowMinutes: 10,
  /** Uploaded files no product or variant references are removed after this long. */
  orphanAfterHours: 24,
} as const;
