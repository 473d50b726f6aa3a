import { defineModule } from '../../platform/module';
import { usersModule } from '../users';
import { seedDemoProducts } from './products.demo';
import { productJobs } from './products.jobs';
import { productsRoutes } from './products.routes';

export { actualWeightFee, resolveCustomerAccount, usableVariants, variantMeasures, variantsByRef, type Actor as ProductActor, type UsableVariant, type VariantMeasures, type VariantRef } from './products.service';
export { PRODUCT_IMPORTS } from './products.imports';
export { variantCustomsFacts, type VariantCustomsFacts } from './products.customs';
export { removeOrphanMockups } from './products.jobs';
export { ProductReviewed, ProductSubmitted, type ProductReviewedEvent, type ProductSubmittedEvent } from './products.events';

/** Products and variants per seller, approval (emits product.submitted / product.reviewed), imports, mockups, weight configs. */
export const productsModule = defineModule({
  name: 'products',
  needs: [usersModule],
  setup: () => ({}),
  routes: (ctx) => [productsRoutes(ctx, ctx.storage, ctx.imports)],
  jobs: (ctx) => productJobs(ctx.database.db, ctx.storage),
  seeds: (ctx) => ({
    demoCatalog: async (adminEmail, sellerEmail) => {
      await seedDemoProducts(ctx.database.db, sellerEmail, adminEmail);
      return true;
    },
  }),
});
