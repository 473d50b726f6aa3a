import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db';

/** What a module contributes to seeding; app.ts passes the modules' seed functions in order. */
export interface Seeder {
  /** True when no user exists yet: a fresh data dir or database. */
  isEmpty(db: Database['db']): Promise<boolean>;
  /** Always: catalogs that the code defines (roles, permissions). */
  catalog(db: Database['db']): Promise<void>;
  /** Always on a fresh database: the first super admin. */
  firstAdmin(db: Database['db'], email: string, password: string): Promise<boolean>;
  /** Demo data: a seller account to try the product with. */
  demo(db: Database['db'], email: string, password: string): Promise<boolean>;
  /**
   * Demo data: a shipping network with prices and a discount (recorded against the first admin) and
   * the demo seller's products; false when a catalog already exists.
   */
  demoCatalog(adminEmail: string, sellerEmail: string): Promise<boolean>;
}

/**
 * Issue #2: PGlite seeds demo data on a fresh data dir; PostgreSQL seeds only roles, permissions
 * and the first super admin, demo data only with SEED_DEMO=true.
 */
export async function runSeed(database: Database, config: Config, seeder: Seeder, log: FastifyBaseLogger): Promise<void> {
  const fresh = await seeder.isEmpty(database.db);
  await seeder.catalog(database.db);
  const demo = config.seed.demo ?? (database.kind === 'pglite' && fresh);
  const adminCreated = await seeder.firstAdmin(database.db, config.seed.adminEmail, config.seed.adminPassword);
  if (adminCreated) log.info(`Seeded super admin: ${config.seed.adminEmail} / ${config.seed.adminPassword}`);
  if (demo) {
    const sellerCreated = await seeder.demo(database.db, config.seed.sellerEmail, config.seed.sellerPassword);
    if (sellerCreated) log.info(`Seeded demo seller: ${config.seed.sellerEmail} / ${config.seed.sellerPassword}`);
    if (config.seed.demoCatalog && (await seeder.demoCatalog(config.seed.adminEmail, config.seed.sellerEmail))) {
      log.info('Seeded demo catalog: carriers UPX and SWF, services STD and EXP, warehouses LAX1 and EWR1, US zones, prices, a 6% US sales tax, discount WELCOME10, three seller products');
    }
  }
}
