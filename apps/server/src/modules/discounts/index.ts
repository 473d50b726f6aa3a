export { createDiscountService, loadDiscountRules } from './discounts.service';
export { discountRoutes } from './discounts.routes';
