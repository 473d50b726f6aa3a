import type { WalmartReconciliationKind } from '@exship/contracts';

// Walmart reconciliation: when a difference a run finds is one a person has already resolved by hand.
// Pure: the server's statement reads the fields compared from here.

/** A difference between Walmart's status of a purchase order and ours, as a reconciliation run finds it. */
export interface WalmartDifference {
  kind: WalmartReconciliationKind;
  /** Walmart's status of the purchase order; null when Walmart no longer answers for it. */
  walmartStatus: string | null;
  /** The ExShip order's status; null when the purchase order has no ExShip order. */
  exshipStatus: string | null;
}

/**
 * What makes two differences of one purchase order the same difference: the same kind, with the same
 * status on Walmart and the same status here (a missing status matches only a missing one). The time
 * it was found, and the integration order's own status, do not count.
 */
export const WALMART_DIFFERENCE_IDENTITY = ['kind', 'walmartStatus', 'exshipStatus'] as const satisfies readonly (keyof WalmartDifference)[];

/**
 * Is `found` the difference `resolved` was? A difference a person resolved by hand (settled outside
 * ExShip) is not reopened by a later run that finds the same one; a different one for the same
 * purchase order (another kind, or a status that has moved since) is recorded as usual.
 */
export function isSameWalmartDifference(found: WalmartDifference, resolved: WalmartDifference): boolean {
  return WALMART_DIFFERENCE_IDENTITY.every((k) => found[k] === resolved[k]);
}
