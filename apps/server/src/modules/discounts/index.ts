export { createDiscountService, loadDiscountRules, seedDemoDiscount } from './discounts.service';
export { discountRoutes } from './discounts.routes';
