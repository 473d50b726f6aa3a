import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, DEFAULT_ADMIN_PASSWORD, type Config } from './config';
import type { Database } from './db';

/** What a module contributes to seeding; app.ts passes the modules' seed functions in order. */
export interface Seeder {
  /** True when no user exists yet: a fresh data dir or database. */
  isEmpty(db: Database['db']): Promise<boolean>;
  /** Always: catalogs that the code defines (roles, permissions). */
  catalog(db: Database['db']): Promise<void>;
  /**
   * Always on a fresh database: the first super admin. `password` is asked for only when the admin
   * is created; `mustChangePassword` makes its first sign-in change it.
   */
  firstAdmin(db: Database['db'], email: string, password: () => string, mustChangePassword: boolean): Promise<boolean>;
  /** Demo data: a seller account to try the product with. */
  demo(db: Database['db'], email: string, password: string): Promise<boolean>;
  /**
   * Demo data: a shipping network with prices and a discount (recorded against the first admin) and
   * the demo seller's products; false when a catalog already exists.
   */
  demoCatalog(adminEmail: string, sellerEmail: string): Promise<boolean>;
}

/**
 * PGlite seeds demo data on a fresh data dir; PostgreSQL seeds only roles, permissions
 * and the first super admin, demo data only with SEED_DEMO=true.
 */
export async function runSeed(database: Database, config: Config, seeder: Seeder, log: FastifyBaseLogger): Promise<void> {
  const fresh = await seeder.isEmpty(database.db);
  await seeder.catalog(database.db);
  const demo = config.seed.demo ?? (database.kind === 'pglite' && fresh);
  const given = config.seed.adminPassword;
  // In production the first admin's password must be given, is never printed, and is
  // changed at the first sign-in; elsewhere the public default is used and said so.
  const adminPassword = () => {
    if (given) return given;
    if (config.production) {
      throw new ConfigError(
        'Invalid configuration:\n  SEED_ADMIN_PASSWORD is required with NODE_ENV=production to create the first super admin ' +
          `(${config.seed.adminEmail}). Set it to a password of at least 12 characters; it must be changed at the first sign-in.`,
      );
    }
    return DEFAULT_ADMIN_PASSWORD;
  };
  const adminCreated = await seeder.firstAdmin(database.db, config.seed.adminEmail, adminPassword, config.production);
  if (adminCreated) {
    if (config.production) log.info(`Seeded super admin ${config.seed.adminEmail} with the password from SEED_ADMIN_PASSWORD; it must be changed at the first sign-in`);
    else if (given) log.info(`Seeded super admin ${config.seed.adminEmail} with the password from SEED_ADMIN_PASSWORD`);
    else log.warn(`Seeded super admin ${config.seed.adminEmail} with the public default password ${DEFAULT_ADMIN_PASSWORD} (not allowed in production): set SEED_ADMIN_PASSWORD`);
  }
  if (demo) {
    const sellerCreated = await seeder.demo(database.db, config.seed.sellerEmail, config.seed.sellerPassword);
    if (sellerCreated) log.info(`Seeded demo seller: ${config.seed.sellerEmail}${config.production ? '' : ` / ${config.seed.sellerPassword}`}`);
    if (config.seed.demoCatalog && (await seeder.demoCatalog(config.seed.adminEmail, config.seed.sellerEmail))) {
      log.info('Seeded demo catalog: carriers UPX and SWF, services STD and EXP, warehouses LAX1 and EWR1, US zones, prices, a 6% US sales tax, discount WELCOME10, three seller products');
    }
  }
}
