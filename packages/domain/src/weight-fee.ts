import { toCents, type Cents } from './money';

/** A product's weight threshold and fee (SPEC §3 weight config); `fee` in USD as the contract has it. */
export interface WeightFeeConfig {
  weightThreshold: number;
  fee: number;
  status: 'active' | 'inactive' | string;
  configurationStatus: 'configured' | 'removed' | string;
}

/**
 * The actual-weight fee in cents for a weighed parcel of a product: the configured fee when an
 * active, configured threshold is exceeded (strictly above), else 0.
 */
export function actualWeightFee(product: { weightConfig: WeightFeeConfig | null }, weighedGrams: number): Cents {
  const c = product.weightConfig;
  if (!c || c.status !== 'active' || c.configurationStatus !== 'configured') return 0;
  return weighedGrams > c.weightThreshold ? toCents(c.fee) : 0;
}
