export {
  actualWeightFee,
  getUsableVariant,
  onProductReviewed,
  type Actor as ProductActor,
  type ProductReviewedEvent,
} from './products.service';
export { productsRoutes } from './products.routes';
export { seedDemoProducts } from './products.demo';
