import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import type { SessionResolver } from './platform/auth';
import type { ModuleDeclaration, ModuleSeeds, UseModule } from './platform/module';
import type { Seeder } from './platform/seed';
import { addressesModule } from './modules/addresses';
import { apiKeysModule } from './modules/apikeys';
import { authModule } from './modules/auth';
import { billingModule } from './modules/billing';
import { catalogModule } from './modules/catalog';
import { cronJobsModule } from './modules/cronjobs';
import { discountsModule } from './modules/discounts';
import { emailsModule } from './modules/emails';
import { floorModule } from './modules/floor';
import { freightModule } from './modules/freight';
import { notificationsModule } from './modules/notifications';
import { membersModule } from './modules/members';
import { ordersModule } from './modules/orders';
import { productsModule } from './modules/products';
import { reportsModule } from './modules/reports';
import { shippingModule } from './modules/shipping';
import { systemModule } from './modules/system';
import { ticketsModule } from './modules/tickets';
import { usersModule } from './modules/users';
import { walletModule } from './modules/wallet';
import { walmartModule } from './modules/walmart';
import { webhooksModule } from './modules/webhooks';

/**
 * The registered modules: the architecture in one list (docs/engineering.md "Layout"). A module comes after
 * the modules it `needs`; seeds run in this order.
 */
export const MODULES: readonly ModuleDeclaration<any>[] = [
  systemModule,
  walletModule,
  usersModule,
  emailsModule,
  authModule,
  discountsModule,
  catalogModule,
  productsModule,
  ordersModule,
  addressesModule,
  shippingModule,
  walmartModule,
  floorModule,
  freightModule,
  billingModule,
  webhooksModule,
  ticketsModule,
  reportsModule,
  notificationsModule,
  cronJobsModule,
  membersModule,
  apiKeysModule,
];

/** Sets every module up, registers its jobs, event handlers and routes, and composes the seeds. */
export async function registerModules(
  app: FastifyInstance,
  ctx: AppContext,
  modules: readonly ModuleDeclaration<any>[] = MODULES,
): Promise<{ resolveSession: SessionResolver; seeder: Seeder }> {
  const instances = new Map<ModuleDeclaration<any>, unknown>();
  const use: UseModule = <T>(m: ModuleDeclaration<T>) => {
    if (!instances.has(m)) throw new Error(`module ${m.name} is used before it is set up: list it earlier in modules.ts`);
    return instances.get(m) as T;
  };

  // Files and xlsx imports: one import runner for every module, in the context.
  ctx.imports.registerJobs(ctx.jobs);
  await app.register(ctx.imports.routes(), { prefix: '/api/v1' });

  for (const m of modules) {
    for (const needed of m.needs ?? []) use(needed);
    instances.set(m, m.setup(ctx, use));
  }

  let resolveSession: SessionResolver | undefined;
  const credentials: { prefix: string; resolve: SessionResolver }[] = [];
  const seeds: ModuleSeeds[] = [];
  for (const m of modules) {
    const self = instances.get(m);
    for (const j of m.jobs?.(ctx, self) ?? []) ctx.jobs.register(j.job, j.handler, { cron: j.cron, description: j.description, concurrency: j.concurrency });
    for (const sub of m.events?.(ctx, self) ?? []) ctx.jobs.handle(sub);
    for (const plugin of m.routes?.(ctx, self) ?? []) await app.register(plugin, { prefix: '/api/v1' });
    if (m.seeds) seeds.push(m.seeds(ctx, self));
    if (m.sessions) {
      if (resolveSession) throw new Error(`two modules resolve sessions (${m.name})`);
      resolveSession = m.sessions(self);
    }
    if (m.credentials) credentials.push(m.credentials(self));
  }
  if (!resolveSession) throw new Error('no module resolves sessions');
  return { resolveSession: withCredentials(resolveSession, credentials), seeder: composeSeeds(seeds) };
}

/** Tokens with a module's prefix go to that module; every other token is a session's. */
function withCredentials(sessions: SessionResolver, credentials: { prefix: string; resolve: SessionResolver }[]): SessionResolver {
  if (credentials.length === 0) return sessions;
  return (token) => {
    for (const c of credentials) if (token.startsWith(c.prefix)) return c.resolve(token);
    return sessions(token);
  };
}

function composeSeeds(seeds: ModuleSeeds[]): Seeder {
  return {
    async isEmpty(db) {
      for (const s of seeds) if (s.isEmpty && !(await s.isEmpty(db))) return false;
      return true;
    },
    async catalog(db) {
      for (const s of seeds) await s.catalog?.(db);
    },
    async firstAdmin(db, email, password, mustChangePassword) {
      let created = false;
      for (const s of seeds) if (s.firstAdmin) created = (await s.firstAdmin(db, email, password, mustChangePassword)) || created;
      return created;
    },
    async demo(db, email, password) {
      let created = false;
      for (const s of seeds) if (s.demo) created = (await s.demo(db, email, password)) || created;
      return created;
    },
    // Each step builds on the earlier ones (network → discount → products): the first false stops the rest.
    async demoCatalog(adminEmail, sellerEmail) {
      let seeded = false;
      for (const s of seeds) {
        if (!s.demoCatalog) continue;
        if (!(await s.demoCatalog(adminEmail, sellerEmail))) return seeded;
        seeded = true;
      }
      return seeded;
    },
  };
}
