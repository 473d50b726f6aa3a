import { defineModule } from '../../platform/module';
import { searchCustomers, usersModule } from '../users';
import { discountRoutes } from './discounts.routes';
import { createDiscountService } from './discounts.service';

export { loadDiscountRules, seedDemoDiscount } from './discounts.service';
export { consumeDiscountUses, type DiscountUse } from './discounts.uses';

/**
 * Discount codes, their states and use counts. The catalog reads discounts into its pricing
 * snapshot (catalog depends on discounts), so a change here calls the listener the catalog
 * module connects at setup.
 */
export const discountsModule = defineModule({
  name: 'discounts',
  needs: [usersModule],
  setup(ctx) {
    const { db } = ctx.database;
    let changed: () => Promise<void> = async () => {};
    let missingServices: (ids: string[]) => Promise<string[]> = async (ids) => ids;
    // SPEC §3: a discount names services and customers that exist (checked in bulk, one query a set).
    const service = createDiscountService(db, () => changed(), {
      missingServices: (ids) => missingServices(ids),
      async missingCustomers(ids) {
        const found = new Set((await searchCustomers(db, { ids, limit: ids.length })).map((c) => c.id));
        return ids.filter((id) => !found.has(id));
      },
    });
    return {
      service,
      /** Called once by the catalog module: which of these service ids do not exist. */
      checkServicesWith(check: (ids: string[]) => Promise<string[]>) {
        missingServices = check;
      },
      /** Called once by the catalog module: what to do after a discount changes. */
      onChange(listener: () => Promise<void>) {
        changed = listener;
      },
    };
  },
  routes: (_ctx, m) => [discountRoutes(m.service)],
});
