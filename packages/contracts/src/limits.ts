import type { EndpointRateLimit } from './endpoint';

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

const MINUTE = 60;

/**
 * Endpoint rate limits (EndpointDef.rateLimit): routes that move money, per account, and routes
 * that answer anyone, per client address. Far above what a real seller or buyer does in a window,
 * far below a script's flood; each endpoint counts on its own.
 */
export const RATE_LIMITS = {
  /**
   * Paying orders (one call pays up to 1,000 of them). An integration may pay each order as it
   * arrives, so the limit stops a runaway client, not a busy seller: 10 calls a second.
   */
  payOrders: { per: 'account', limit: 600, windowSeconds: MINUTE },
  /** Paying another account: a burst of transfers (settling many invoices) passes, a runaway loop does not. */
  sendPayment: { per: 'account', limit: 120, windowSeconds: MINUTE },
  /** Asking for a top-up: a bank-transfer request or a provider checkout. */
  topUpRequest: { per: 'account', limit: 20, windowSeconds: MINUTE },
  /** Staff moving a customer's money one order or request at a time: refunds, surcharges, repayments, accepted top-ups. */
  staffMoney: { per: 'account', limit: 300, windowSeconds: MINUTE },
  /** Staff surcharge files (each call adds many surcharges). */
  staffMoneyImport: { per: 'account', limit: 20, windowSeconds: MINUTE },
  /** The buyer's tracking page, and the sign-in page's options (many people may share one office address). */
  publicTracking: { per: 'address', limit: 120, windowSeconds: MINUTE },
  publicPage: { per: 'address', limit: 120, windowSeconds: MINUTE },
  /** Links opened from a mail: account activation, team invites. */
  publicLink: { per: 'address', limit: 30, windowSeconds: MINUTE },
  /** Setting a password from a mail link (a reset, a team invite): each one hashes a password first. */
  publicPasswordSet: { per: 'address', limit: 20, windowSeconds: 15 * MINUTE },
} as const satisfies Record<string, EndpointRateLimit>;

/** Imports (platform/imports.ts): files above `inlineMaxBytes` run as a job with progress. */
export const IMPORT_LIMITS = {
  inlineMaxBytes: 1024 * 1024,
  /**
   * A running import holds a lease of this many seconds, renewed every `heartbeatSeconds` by the
   * process working on it; once it runs out the run is failed as interrupted (a crashed process).
   */
  leaseSeconds: 30,
  heartbeatSeconds: 10,
  /** How long a queued import may wait for a worker before it is failed as interrupted. */
  queuedLeaseMinutes: 30,
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
