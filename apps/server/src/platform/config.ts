import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { API_KEY_LIMITS, ORDER_IMPORT_LIMITS, translate } from '@exship/contracts';
import { parseAllowEntry } from './outbound';
import { createKeyring, parseSecretKey, type SecretKeyring } from './secrets';
import { parseStorageUrl, type S3Location } from './storage.s3';

// Configuration comes from the environment, validated at start.
const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  APP_URL: z.string().url('must be a full URL such as http://localhost:3000').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('ExShip <no-reply@exship.local>'),
  SEED_ADMIN_EMAIL: z.string().email().default('admin@exship.local'),
  /** Required in production to create the first super admin; elsewhere the public default below. */
  SEED_ADMIN_PASSWORD: z.string().min(12, 'must have at least 12 characters').optional(),
  SEED_SELLER_EMAIL: z.string().email().default('seller@exship.local'),
  SEED_SELLER_PASSWORD: z.string().min(12, 'must have at least 12 characters').default('Seller#Passw0rd!'),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  /** With demo data: also a demo shipping network, prices and a discount (default true). */
  SEED_DEMO_CATALOG: z.enum(['true', 'false']).default('true'),
  NODE_ENV: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Serves the test-only outbox reader used by the end-to-end suite. Never set in production. */
  E2E: z.enum(['0', '1']).default('0'),
  WEB_DIST: z.string().optional(),
  /** The payment provider's API base; online top-ups are off without it. */
  PAYMENT_PROVIDER_URL: z.string().url('must be a full URL such as https://api.provider.example').optional(),
  PAYMENT_PROVIDER_SECRET_KEY: z.string().min(8, 'must have at least 8 characters').optional(),
  /** money-and-security.md "Webhooks": the signing secret is at least 24 bytes. */
  PAYMENT_WEBHOOK_SECRET: z.string().min(24, 'must have at least 24 characters').optional(),
  /** The bank account sellers transfer top-ups to, shown on the wallet screen (demo values outside production). */
  TOPUP_BANK_NAME: z.string().min(2).max(100).optional(),
  TOPUP_BANK_ACCOUNT_NAME: z.string().min(2).max(100).optional(),
  TOPUP_BANK_ACCOUNT_NUMBER: z.string().min(4).max(40).optional(),
  /** Optional: the bank's SWIFT/BIC or branch, shown beside the account. */
  TOPUP_BANK_DETAILS: z.string().max(200).optional(),
  /** The sandbox carrier's time scale: 1 = a parcel takes 100 hours from label to delivery; 3600 = 100 seconds. */
  SANDBOX_CARRIER_SPEED: z.coerce.number().min(1, 'must be at least 1').max(1_000_000, 'must be at most 1000000').default(1),
  /** Seals carrier connection secrets (AES-256-GCM): 32 bytes as 64 hex digits or base64. Required in production. */
  CARRIER_SECRETS_KEY: z
    .string()
    .refine((v) => parseSecretKey(v) !== undefined, 'must be 32 bytes written as 64 hex digits or as base64')
    .optional(),
  /** Keys used before CARRIER_SECRETS_KEY (comma-separated, same format): values sealed with them still open and are re-sealed at start. */
  CARRIER_SECRETS_PREVIOUS_KEYS: z
    .string()
    .refine((v) => v.split(',').every((k) => parseSecretKey(k) !== undefined), 'must be keys of 32 bytes (64 hex digits or base64), comma-separated')
    .optional(),
  /**
   * docs/encrypted-replies.md: AES-256-GCM key for /api/v1 JSON replies (32 bytes as 64 hex digits or base64);
   * replies are plain JSON when unset. The web build must be given the same key (VITE_RESPONSE_ENCRYPTION_KEY).
   */
  RESPONSE_ENCRYPTION_KEY: z
    .string()
    .refine((v) => parseSecretKey(v) !== undefined, 'must be 32 bytes written as 64 hex digits or as base64 (e.g. `openssl rand -base64 32`)')
    .optional(),
  /** The address provider's API base (docs/address-check.md); address checks stay offline without it. */
  ADDRESS_PROVIDER_URL: z.string().url('must be a full URL such as https://address.provider.example').optional(),
  ADDRESS_PROVIDER_API_KEY: z.string().min(8, 'must have at least 8 characters').optional(),
  ADDRESS_PROVIDER_TIMEOUT_MS: z.coerce.number().int('must be a whole number').min(100, 'must be at least 100').max(60_000, 'must be at most 60000').default(5000),
  /** Google sign-in (POST /login-social): the OAuth client id the ID token must be issued for; off when unset. */
  GOOGLE_CLIENT_ID: z.string().min(8, 'must have at least 8 characters').optional(),
  /** Where Google's signing keys are published (a local JWKS server in tests). */
  GOOGLE_JWKS_URL: z.string().url('must be a full URL such as https://www.googleapis.com/oauth2/v3/certs').default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Accepted issuers, comma-separated. */
  GOOGLE_ISSUERS: z.string().min(1).default('https://accounts.google.com,accounts.google.com'),
  /** SPEC §9: rows an order import accepts (1000 by default; at most 10,000). */
  ORDER_IMPORT_MAX_ROWS: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(ORDER_IMPORT_LIMITS.maxRowsCeiling, `must be at most ${ORDER_IMPORT_LIMITS.maxRowsCeiling}`)
    .default(ORDER_IMPORT_LIMITS.defaultRows),
  /** Requests one API key may make per minute, across every process (429 with Retry-After beyond it). */
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(1_000_000, 'must be at most 1000000').default(API_KEY_LIMITS.requestsPerMinute),
  /** S3-compatible file storage shared by every process (storage.s3.ts); local disk under DATA_DIR without it. */
  STORAGE_URL: z
    .string()
    .transform((raw, ctx): S3Location => {
      try {
        return parseStorageUrl(raw);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    })
    .optional(),
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Set when other server processes share the database: local-disk files would then be seen by one process only. */
  MULTI_PROCESS: z.enum(['true', 'false']).default('false'),
  /** How many server processes run (an orchestrator's replica count); more than 1 means MULTI_PROCESS. */
  INSTANCES: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').default(1),
  /**
   * Which proxies in front of the server to believe about the client's address (X-Forwarded-For)
   * and protocol (X-Forwarded-Proto): a hop count (1 = one load balancer) or a comma-separated
   * list of proxy addresses and CIDR ranges. Off by default: the peer address is the client.
   */
  TRUST_PROXY: z
    .string()
    .transform((raw, ctx): false | number | string[] => {
      const v = raw.trim();
      if (['false', 'off', '0'].includes(v)) return false;
      if (/^\d{1,2}$/.test(v)) return Number(v);
      const list = v.split(',').map((part) => part.trim()).filter(Boolean);
      if (list.length > 0 && list.every(isAddressOrCidr)) return list;
      ctx.addIssue({ code: 'custom', message: 'must be a hop count such as 1, or a comma-separated list of proxy addresses or CIDR ranges such as 10.0.0.0/8' });
      return z.NEVER;
    })
    .default(false),
  /**
   * The Walmart Marketplace API base (docs/walmart.md). Unset: the built-in fake Walmart mounted at
   * {APP_URL}/fake-walmart (outside production only), so the integration works offline.
   */
  WALMART_BASE_URL: z.string().url('must be a full URL such as https://marketplace.walmartapis.com').optional(),
  /** Serve the fake Walmart at /fake-walmart (default: on outside production when WALMART_BASE_URL is unset). */
  WALMART_FAKE: z.enum(['true', 'false']).optional(),
  /** Origins a /connect/walmart callback-uri may lie on, comma-separated (e.g. https://partner.example). Paths of ours are always allowed. */
  WALMART_CALLBACK_ALLOW: z
    .string()
    .transform((raw, ctx): string[] => {
      const list = raw.split(',').map((part) => part.trim()).filter(Boolean);
      const origins: string[] = [];
      for (const entry of list) {
        try {
          const u = new URL(entry);
          if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.origin !== entry.replace(/\/$/, '')) throw new Error('not an origin');
          origins.push(u.origin);
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of origins such as https://partner.example,http://localhost:5173' });
          return z.NEVER;
        }
      }
      return origins;
    })
    .default([]),
  /**
   * Internal targets the outbound client may reach although they are not public (a sandbox on the
   * same host, local fakes in tests): comma-separated `host:port` and CIDR entries. Empty by default.
   */
  OUTBOUND_ALLOW_HOSTS: z
    .string()
    .transform((raw, ctx): string[] => {
      const list = raw.split(',').map((part) => part.trim()).filter(Boolean);
      if (list.every((entry) => parseAllowEntry(entry) !== undefined)) return list;
      ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of host:port and CIDR entries such as 127.0.0.1:8080,10.20.0.0/16' });
      return z.NEVER;
    })
    .default([]),
});

/** The fake is served (and is the default base) outside production when no real base is set. */
function walmartSettings(baseUrl: string | undefined, fake: 'true' | 'false' | undefined, callbackAllow: string[], production: boolean, appUrl: string): Config['walmart'] {
  const serveFake = fake === undefined ? !production && !baseUrl : fake === 'true';
  return { baseUrl: (baseUrl ?? `${appUrl}/fake-walmart`).replace(/\/$/, ''), fake: serveFake, callbackAllow };
}

function isAddressOrCidr(v: string): boolean {
  const [address, prefix, extra] = v.split('/');
  const family = net.isIP(address ?? '');
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  appUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  /** NODE_ENV=production: secrets are required and never printed, seeded admins change their password first. */
  production: boolean;
  seed: {
    adminEmail: string;
    /** undefined when SEED_ADMIN_PASSWORD is unset (see DEFAULT_ADMIN_PASSWORD). */
    adminPassword?: string;
    sellerEmail: string;
    sellerPassword: string;
    /** undefined = decide by driver (PGlite: yes on a fresh data dir; PostgreSQL: only when SEED_DEMO=true). */
    demo?: boolean;
    /** With demo data, also the demo shipping network (carriers, zones, prices, tax, discount). */
    demoCatalog: boolean;
  };
  logLevel: string;
  e2e: boolean;
  webDist: string;
  /** Fastify's trustProxy: false, a hop count, or the trusted proxy addresses and ranges. */
  trustProxy: false | number | string[];
  /** ORDER_IMPORT_MAX_ROWS: data rows an order import accepts. */
  orderImportMaxRows: number;
  /** SANDBOX_CARRIER_SPEED: how much faster than real time the sandbox carrier's parcels travel. */
  sandboxCarrierSpeed: number;
  /** Google sign-in, or undefined: off. */
  google?: { clientId: string; jwksUrl: string; issuers: string[] };
  /** The payment provider (PAYMENT_PROVIDER_URL and its secrets), or undefined: online top-ups off. */
  paymentProvider?: { url: string; secretKey: string; webhookSecret: string };
  /** Where sellers transfer top-ups (TOPUP_BANK_*), or undefined: not configured (production without them). */
  bankTransfer?: { bankName: string; accountName: string; accountNumber: string; details: string };
  /** Carrier connection secrets: CARRIER_SECRETS_KEY first, then the previous keys; the development key when unset (not in production). */
  carrierSecrets: SecretKeyring;
  /** The address provider (ADDRESS_PROVIDER_URL), or undefined: address checks are offline only. */
  addressProvider?: { url: string; apiKey?: string; timeoutMs: number };
  /** OUTBOUND_ALLOW_HOSTS: `host:port` and CIDR entries server-side calls may reach although not public. */
  outboundAllowHosts: string[];
  /** STORAGE_URL's bucket (and explicit AWS_* credentials), or undefined: files on local disk. */
  storage?: { location: S3Location; credentials?: { accessKeyId: string; secretAccessKey: string } };
  /** MULTI_PROCESS=true or INSTANCES>1: other processes share the database. */
  multiProcess: boolean;
  /** API_KEY_REQUESTS_PER_MINUTE: each API key's rate limit. */
  apiKeyRequestsPerMinute: number;
  /** RESPONSE_ENCRYPTION_KEY, or undefined: API replies are plain JSON (docs/encrypted-replies.md). */
  responseEncryptionKey?: Buffer;
  /** The Walmart integration: the API base, whether the fake is served here, the callback origins allowed. */
  walmart: { baseUrl: string; fake: boolean; callbackAllow: string[] };
}

export class ConfigError extends Error {}

/** Outside production, with no TOPUP_BANK_* set: an account that says it is for trying the product. */
export const DEMO_BANK_TRANSFER = { bankName: 'ExShip Demo Bank', accountName: 'EXSHIP DEMO (not a real account)', accountNumber: '0000 0000 0000', details: 'For trying ExShip only: set TOPUP_BANK_* for real transfers.' };

/** The public development default for the first super admin; refused in production. */
export const DEFAULT_ADMIN_PASSWORD = 'Admin#Passw0rd!';

/** Variables whose values are secrets: a configuration error names them without their value. */
const SECRET_VARIABLES = new Set(['SEED_ADMIN_PASSWORD', 'SEED_SELLER_PASSWORD', 'DATABASE_URL', 'SMTP_URL', 'PAYMENT_PROVIDER_SECRET_KEY', 'PAYMENT_WEBHOOK_SECRET', 'ADDRESS_PROVIDER_API_KEY', 'CARRIER_SECRETS_KEY', 'CARRIER_SECRETS_PREVIOUS_KEYS', 'RESPONSE_ENCRYPTION_KEY', 'STORAGE_URL', 'AWS_SECRET_ACCESS_KEY']);

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const shown = (name: string) => (SECRET_VARIABLES.has(name) ? '(hidden)' : JSON.stringify(cleaned[name] ?? ''));
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}=${shown(String(i.path[0]))}: ${translate('en', i.message)}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const bankParts = [c.TOPUP_BANK_NAME, c.TOPUP_BANK_ACCOUNT_NAME, c.TOPUP_BANK_ACCOUNT_NUMBER];
  if (bankParts.some(Boolean) && !bankParts.every(Boolean)) {
    throw new ConfigError('Invalid configuration:\n  TOPUP_BANK_NAME, TOPUP_BANK_ACCOUNT_NAME and TOPUP_BANK_ACCOUNT_NUMBER go together');
  }
  const production = c.NODE_ENV === 'production';
  if (c.PAYMENT_PROVIDER_URL && (!c.PAYMENT_PROVIDER_SECRET_KEY || !c.PAYMENT_WEBHOOK_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  PAYMENT_PROVIDER_URL needs PAYMENT_PROVIDER_SECRET_KEY and PAYMENT_WEBHOOK_SECRET');
  }
  if (production && c.E2E === '1') {
    throw new ConfigError('Invalid configuration:\n  E2E=1 serves test-only routes (the mail outbox, moving a parcel back in time) and is refused in production');
  }
  if (production && !c.CARRIER_SECRETS_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  CARRIER_SECRETS_KEY is required with NODE_ENV=production: 32 random bytes as 64 hex digits or base64 (e.g. `openssl rand -base64 32`); it seals carrier API keys in the database',
    );
  }
  const secretKeys = [c.CARRIER_SECRETS_KEY, ...(c.CARRIER_SECRETS_PREVIOUS_KEYS?.split(',') ?? [])].flatMap((k) => (k ? [parseSecretKey(k)!] : []));
  if (!!c.AWS_ACCESS_KEY_ID !== !!c.AWS_SECRET_ACCESS_KEY) {
    throw new ConfigError('Invalid configuration:\n  AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together');
  }
  const multiProcess = c.MULTI_PROCESS === 'true' || c.INSTANCES > 1;
  const multiVariable = c.MULTI_PROCESS === 'true' ? 'MULTI_PROCESS=true' : `INSTANCES=${c.INSTANCES}`;
  // Several processes: each must see the others' files and data, so neither may live on local disk.
  if (multiProcess && !c.STORAGE_URL) {
    throw new ConfigError(`Invalid configuration:\n  ${multiVariable} needs STORAGE_URL (s3://bucket?…): files on local disk are seen by one process only`);
  }
  if (multiProcess && !c.DATABASE_URL) {
    throw new ConfigError(`Invalid configuration:\n  ${multiVariable} needs DATABASE_URL: the embedded database belongs to one process`);
  }
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    appUrl: (c.APP_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    production,
    seed: {
      adminEmail: c.SEED_ADMIN_EMAIL.toLowerCase(),
      adminPassword: c.SEED_ADMIN_PASSWORD,
      sellerEmail: c.SEED_SELLER_EMAIL.toLowerCase(),
      sellerPassword: c.SEED_SELLER_PASSWORD,
      demo: c.SEED_DEMO === undefined ? undefined : c.SEED_DEMO === 'true',
      demoCatalog: c.SEED_DEMO_CATALOG === 'true',
    },
    logLevel: c.LOG_LEVEL,
    e2e: c.E2E === '1',
    trustProxy: c.TRUST_PROXY,
    orderImportMaxRows: c.ORDER_IMPORT_MAX_ROWS,
    sandboxCarrierSpeed: c.SANDBOX_CARRIER_SPEED,
    google: c.GOOGLE_CLIENT_ID ? { clientId: c.GOOGLE_CLIENT_ID, jwksUrl: c.GOOGLE_JWKS_URL, issuers: c.GOOGLE_ISSUERS.split(',').map((x) => x.trim()).filter(Boolean) } : undefined,
    paymentProvider:
      c.PAYMENT_PROVIDER_URL && c.PAYMENT_PROVIDER_SECRET_KEY && c.PAYMENT_WEBHOOK_SECRET
        ? { url: c.PAYMENT_PROVIDER_URL, secretKey: c.PAYMENT_PROVIDER_SECRET_KEY, webhookSecret: c.PAYMENT_WEBHOOK_SECRET }
        : undefined,
    bankTransfer:
      c.TOPUP_BANK_NAME && c.TOPUP_BANK_ACCOUNT_NAME && c.TOPUP_BANK_ACCOUNT_NUMBER
        ? { bankName: c.TOPUP_BANK_NAME, accountName: c.TOPUP_BANK_ACCOUNT_NAME, accountNumber: c.TOPUP_BANK_ACCOUNT_NUMBER, details: c.TOPUP_BANK_DETAILS ?? '' }
        : production
          ? undefined
          : DEMO_BANK_TRANSFER,
    carrierSecrets: createKeyring(c.CARRIER_SECRETS_KEY ? secretKeys : []),
    addressProvider: c.ADDRESS_PROVIDER_URL ? { url: c.ADDRESS_PROVIDER_URL, apiKey: c.ADDRESS_PROVIDER_API_KEY, timeoutMs: c.ADDRESS_PROVIDER_TIMEOUT_MS } : undefined,
    outboundAllowHosts: c.OUTBOUND_ALLOW_HOSTS,
    storage: c.STORAGE_URL
      ? {
          location: c.STORAGE_URL,
          credentials: c.AWS_ACCESS_KEY_ID && c.AWS_SECRET_ACCESS_KEY ? { accessKeyId: c.AWS_ACCESS_KEY_ID, secretAccessKey: c.AWS_SECRET_ACCESS_KEY } : undefined,
        }
      : undefined,
    multiProcess,
    apiKeyRequestsPerMinute: c.API_KEY_REQUESTS_PER_MINUTE,
    responseEncryptionKey: c.RESPONSE_ENCRYPTION_KEY ? parseSecretKey(c.RESPONSE_ENCRYPTION_KEY) : undefined,
    walmart: walmartSettings(c.WALMART_BASE_URL, c.WALMART_FAKE, c.WALMART_CALLBACK_ALLOW, production, (c.APP_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '')),
    webDist: path.resolve(c.WEB_DIST ?? fileURLToPath(new URL('../../../web/dist', import.meta.url))),
  };
}

/** TRUST_PROXY as Fastify's `trustProxy`: a hop count becomes "trust the first n hops" (what Fastify does for a number). */
export function fastifyTrustProxy(setting: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}
