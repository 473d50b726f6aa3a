import { eq } from 'drizzle-orm';
import { ACT_FOR_ANY_ACCOUNT } from '../../platform/access';
import { createOutbound } from '../../platform/outbound';
import { defineModule } from '../../platform/module';
import { catalogModule } from '../catalog';
import { ordersModule } from '../orders';
import { productsModule } from '../products';
import { shippingModule } from '../shipping';
import { findUserByEmail, usersModule } from '../users';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from './fake/fake-walmart';
import { walmartHandlers, walmartJobs } from './walmart.jobs';
import { walmartRoutes } from './walmart.routes';
import { createWalmartService } from './walmart.service';
import { walmartStores } from './walmart.tables';

export { WalmartAckOverdue, type WalmartAckOverdueEvent } from './walmart.events';
export type { WalmartService } from './walmart.service';
export { mountFakeWalmart } from './fake/mount';

/**
 * The Walmart Marketplace integration (docs/walmart.md): stores, the connect flow, the order sync,
 * SKU and shipping-method mappings into draft orders, acknowledgement, pushes of shipments and
 * cancellations, the acknowledge watchdog and the reconciliation.
 */
export const walmartModule = defineModule({
  name: 'walmart',
  needs: [usersModule, productsModule, catalogModule, ordersModule, shippingModule],
  setup(ctx, use) {
    const { config } = ctx;
    const orders = use(ordersModule).orders;
    const shipping = use(shippingModule).shipping;
    const snapshot = use(catalogModule).snapshot;
    // The built-in fake is served by this very server: calls to it are deliberate, so its host is allowed.
    const own = new URL(config.appUrl);
    const fakeHere = config.walmart.fake && config.walmart.baseUrl.startsWith(`${config.appUrl}/fake-walmart`);
    const outbound = fakeHere ? createOutbound({ outboundAllowHosts: [...config.outboundAllowHosts, `${own.hostname}:${own.port || (own.protocol === 'https:' ? 443 : 80)}`] }) : ctx.outbound;
    const system = { userId: '00000000-0000-0000-0000-000000000000', accountId: '00000000-0000-0000-0000-000000000000', permissions: new Set([ACT_FOR_ANY_ACCOUNT, 'EX-ORDER-DETAIL']), language: 'en' as const };
    const service = createWalmartService({
      db: ctx.database.db,
      jobs: ctx.jobs,
      orders,
      labelOf: async (orderId) => {
        const t = await shipping.trackerOf(orderId);
        return t ? { trackingNumber: t.trackingNumber, carrierCode: t.carrierCode, carrierName: t.carrierName, publicCode: t.publicCode } : undefined;
      },
      serviceByCode: async (code) => (await snapshot.get()).services.find((s) => s.code === code && s.active),
      fetch: outbound.fetch,
      secrets: config.carrierSecrets,
      baseUrl: config.walmart.baseUrl,
      appUrl: config.appUrl,
      callbackAllow: config.walmart.callbackAllow,
      log: ctx.log,
      // The reason given with the order's latest cancel, from its history.
      cancelReasonOf: async (orderId) => {
        const detail = await orders.get(system as never, orderId);
        return [...detail.history].reverse().find((h) => ['cancel', 'forceCancel', 'autoCancel'].includes(h.action))?.reason ?? '';
      },
    });
    return { service };
  },
  routes: (_ctx, m) => [walmartRoutes(m.service)],
  jobs: (ctx, m) => walmartJobs(m.service, ctx.jobs),
  events: (_ctx, m) => walmartHandlers(m.service),
  seeds: (ctx, m) => ({
    // A new install: the demo seller has a demo store against the built-in fake, to try the flow offline.
    async demo(db, email) {
      if (!ctx.config.walmart.fake) return false;
      const seller = await findUserByEmail(db, ctx.config.seed.sellerEmail);
      if (!seller || (await db.select({ id: walmartStores.id }).from(walmartStores).where(eq(walmartStores.accountId, seller.accountId))).length > 0) return false;
      void email;
      await m.service.insertStore(seller.accountId, seller.id, { name: 'Demo Walmart store', clientId: DEMO_CLIENT_ID, clientSecret: DEMO_CLIENT_SECRET, ackMode: 'on-review', autoPay: false }, true);
      return true;
    },
  }),
});
