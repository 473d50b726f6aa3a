import type { RoutingStatus } from '@exship/contracts';
import type { Db } from '../../platform/db';

// The label facts of an order — its tracking number and routing status — are the shipping module's
// (its trackers). Shipping depends on orders, so orders cannot import it: the order list, detail and
// export read them through this port, which shipping connects in its own setup.

/** What an order's list row, detail and export show of its label. */
export interface OrderLabel {
  trackingNumber: string;
  routingStatus: RoutingStatus | null;
}

export interface OrderLabels {
  /** The label of each order among `orderIds` that has one (one query, whatever the count). */
  labelsOf(tx: Db, orderIds: readonly string[]): Promise<Map<string, OrderLabel>>;
  /** Ids of the orders whose label has exactly this tracking number, within one account or all (`accountId` undefined). */
  ordersWithTracking(tx: Db, accountId: string | undefined, trackingNumber: string): Promise<string[]>;
}

/** The port the orders module reads through; it refuses to answer until a source is connected. */
export function labelsPort() {
  let source: OrderLabels | undefined;
  const connected = () => {
    if (!source) throw new Error('no label source connected to the orders module');
    return source;
  };
  const labels: OrderLabels = {
    labelsOf: (tx, orderIds) => (orderIds.length === 0 ? Promise.resolve(new Map()) : connected().labelsOf(tx, orderIds)),
    ordersWithTracking: (tx, accountId, trackingNumber) => connected().ordersWithTracking(tx, accountId, trackingNumber),
  };
  return {
    labels,
    /** Called once, by the shipping module's setup. */
    connect(s: OrderLabels): void {
      if (source) throw new Error('a label source is already connected');
      source = s;
    },
  };
}
