import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig } from './config';
import type { Database } from './db';
import { runSeed, type Seeder } from './seed';

/** Production refuses to start without a carrier secrets key. */
const PROD_SECRETS_KEY = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';

// The seeded super admin in production.

function fakeSeeder(createsAdmin: boolean) {
  const calls: { password?: string; mustChange?: boolean } = {};
  const seeder: Seeder = {
    isEmpty: async () => createsAdmin,
    catalog: async () => {},
    firstAdmin: async (_db, _email, password, mustChange) => {
      if (!createsAdmin) return false;
      calls.password = password();
      calls.mustChange = mustChange;
      return true;
    },
    demo: async () => false,
    demoCatalog: async () => false,
  };
  return { seeder, calls };
}

function capturingLog() {
  const lines: string[] = [];
  const record = (...args: unknown[]) => void lines.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
  const log = { info: vi.fn(record), warn: vi.fn(record), error: vi.fn(record), debug: vi.fn(record) } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const database = { db: {}, kind: 'postgres' } as unknown as Database;

describe('seeding the first super admin', () => {
  it('in production, refuses to start without SEED_ADMIN_PASSWORD, naming the variable, and creates nobody', async () => {
    const { seeder, calls } = fakeSeeder(true);
    const run = runSeed(database, loadConfig({ NODE_ENV: 'production', CARRIER_SECRETS_KEY: PROD_SECRETS_KEY, SEED_DEMO: 'false' }), seeder, capturingLog().log);
    await expect(run).rejects.toThrow(ConfigError);
    await expect(runSeed(database, loadConfig({ NODE_ENV: 'production', CARRIER_SECRETS_KEY: PROD_SECRETS_KEY, SEED_DEMO: 'false' }), seeder, capturingLog().log)).rejects.toThrow(
      /SEED_ADMIN_PASSWORD is required with NODE_ENV=production/,
    );
    expect(calls.password).toBeUndefined();
  });

  it('in production, needs no password when the admin exists already', async () => {
    const { seeder } = fakeSeeder(false);
    await expect(runSeed(database, loadConfig({ NODE_ENV: 'production', CARRIER_SECRETS_KEY: PROD_SECRETS_KEY, SEED_DEMO: 'false' }), seeder, capturingLog().log)).resolves.toBeUndefined();
  });

  it('in production, uses the given password, never prints it, and makes the first sign-in change it', async () => {
    const { seeder, calls } = fakeSeeder(true);
    const { log, lines } = capturingLog();
    await runSeed(database, loadConfig({ NODE_ENV: 'production', CARRIER_SECRETS_KEY: PROD_SECRETS_KEY, SEED_DEMO: 'false', SEED_ADMIN_PASSWORD: 'Prod#Only-Secret-77' }), seeder, log);
    expect(calls).toEqual({ password: 'Prod#Only-Secret-77', mustChange: true });
    expect(lines.join('\n')).toContain('admin@exship.local');
    expect(lines.join('\n')).not.toContain('Prod#Only-Secret-77');
  });

  it('outside production, falls back to the public default and says so out loud', async () => {
    const { seeder, calls } = fakeSeeder(true);
    const { log } = capturingLog();
    await runSeed(database, loadConfig({ SEED_DEMO: 'false' }), seeder, log);
    expect(calls).toEqual({ password: 'Admin#Passw0rd!', mustChange: false });
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('set SEED_ADMIN_PASSWORD'));
  });
});
