import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import type { SessionResolver } from './platform/auth';
import type { Seeder } from './platform/seed';
import { authRoutes, createAuthService, registerAuthJobs } from './modules/auth';
import {
  SnapshotCache,
  catalogImportRoutes,
  catalogRoutes,
  createCatalogService,
  createPricingService,
  createQuoteService,
  registerCatalogJobs,
  seedDemoNetwork,
} from './modules/catalog';
import { createDiscountService, discountRoutes, seedDemoDiscount } from './modules/discounts';
import { createCampaignService, createNotificationService, notificationRoutes, registerNotificationJobs } from './modules/notifications';
import { onProductReviewed, productsRoutes, seedDemoProducts } from './modules/products';
import { systemRoutes } from './modules/system';
import { findUserByEmail, hasNoUsers, onUserChanged, onUserDeactivated, seedAccessCatalog, seedDemoSeller, seedFirstAdmin, usersRoutes } from './modules/users';
import { walletRoutes } from './modules/wallet';

/** The registered modules: the architecture in one file (DESIGN "Layout"). */
export async function registerModules(app: FastifyInstance, ctx: AppContext): Promise<{ resolveSession: SessionResolver; seeder: Seeder }> {
  const { db } = ctx.database;
  const auth = createAuthService({ db, mailer: ctx.mailer, appUrl: ctx.config.appUrl });
  onUserDeactivated((tx, userId) => auth.revokeAllSessions(tx, userId));
  onUserChanged((userId) => auth.forgetUser(userId));
  registerAuthJobs(ctx.jobs, auth);

  const snapshot = new SnapshotCache(db);
  const invalidate = () => snapshot.invalidate();
  const catalog = createCatalogService(db, invalidate);
  const quotes = createQuoteService(db, snapshot, ctx.log);
  const pricing = createPricingService(db, snapshot, quotes);
  const discounts = createDiscountService(db, invalidate);
  registerCatalogJobs(ctx.jobs, quotes);

  // SPEC §4: staff accept or reject a product, the seller is told (in the app and by email).
  const notifications = createNotificationService({ db, mailer: ctx.mailer, appUrl: ctx.config.appUrl });
  const campaigns = createCampaignService({ db, mailer: ctx.mailer, appUrl: ctx.config.appUrl });
  registerNotificationJobs(ctx.jobs, campaigns);
  const unsubscribe = onProductReviewed(async (e) => {
    try {
      await notifications.productReviewed(e);
    } catch (err) {
      // The review stands (it is committed); a failed notice is logged, not thrown at the reviewer.
      ctx.log.warn({ err, productId: e.productId }, 'could not notify the seller of a product review');
    }
  });
  app.addHook('onClose', async () => unsubscribe());

  const api = { prefix: '/api/v1' };
  await app.register(systemRoutes(ctx.database, { e2e: ctx.config.e2e }), api);
  await app.register(authRoutes(db, auth), api);
  await app.register(usersRoutes(db), api);
  await app.register(walletRoutes(db), api);
  await app.register(productsRoutes(ctx), api);
  await app.register(catalogRoutes(catalog, pricing, quotes), api);
  await app.register(catalogImportRoutes(catalog, pricing), api);
  await app.register(discountRoutes(discounts), api);
  await app.register(notificationRoutes(notifications, campaigns), api);

  return {
    resolveSession: auth.resolveSession,
    seeder: {
      isEmpty: hasNoUsers,
      catalog: seedAccessCatalog,
      firstAdmin: seedFirstAdmin,
      demo: seedDemoSeller,
      async demoCatalog(adminEmail, sellerEmail) {
        const admin = await findUserByEmail(db, adminEmail);
        if (!admin || !(await seedDemoNetwork(db, catalog, pricing, admin.id))) return false;
        await seedDemoDiscount(discounts);
        await seedDemoProducts(db, sellerEmail, adminEmail);
        return true;
      },
    },
  };
}
