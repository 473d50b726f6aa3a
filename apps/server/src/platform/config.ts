import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

// DESIGN / issue: configuration comes from the environment, validated at start.
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
  SEED_ADMIN_PASSWORD: z.string().min(12, 'must have at least 12 characters').default('Admin#Passw0rd!'),
  SEED_SELLER_EMAIL: z.string().email().default('seller@exship.local'),
  SEED_SELLER_PASSWORD: z.string().min(12, 'must have at least 12 characters').default('Seller#Passw0rd!'),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  /** With demo data: also a demo shipping network, prices and a discount (default true). */
  SEED_DEMO_CATALOG: z.enum(['true', 'false']).default('true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Serves the test-only outbox reader used by the end-to-end suite. Never set in production. */
  E2E: z.enum(['0', '1']).default('0'),
  WEB_DIST: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  appUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  seed: {
    adminEmail: string;
    adminPassword: string;
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
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}=${JSON.stringify(cleaned[String(i.path[0])] ?? '')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    appUrl: (c.APP_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
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
    webDist: path.resolve(c.WEB_DIST ?? fileURLToPath(new URL('../../../web/dist', import.meta.url))),
  };
}
