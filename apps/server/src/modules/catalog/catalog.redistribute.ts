import type { CatalogSnapshot } from '@exship/domain';

/** A carrier a re-distributed order can go to. */
export interface RedistributeCarrier {
  id: string;
  code: string;
  name: string;
}

/** What re-distribution needs to know of an order: its service, current carrier, destination and account. */
export interface RedistributedOrder {
  serviceId: string;
  carrierId: string | null;
  accountId: string;
  country: string;
  state: string;
}

/**
 * The carriers other than the order's own that serve its lane: the active routes of its service (by
 * priority) whose destination and customers take the order, their allocations' active carriers. The
 * first is the one re-distribute takes; none: re-distribute is refused (the orders action asks before
 * the order changes, the shipping purchase takes the first, both through this function).
 */
export function redistributeCandidates(snap: CatalogSnapshot, o: RedistributedOrder): RedistributeCarrier[] {
  const routes = snap.routes
    .filter((r) => r.serviceId === o.serviceId && r.active)
    .filter((r) => r.users.length === 0 || r.users.includes(o.accountId))
    .filter((r) => (r.typeShipping === 'state' ? r.toCountry === o.country && !!o.state && r.toState.includes(o.state) : r.toArrayCountry.includes(o.country) || r.toCountry === o.country))
    .sort((a, b) => a.priority - b.priority);
  const found: RedistributeCarrier[] = [];
  for (const r of routes) {
    for (const a of r.allocations) {
      const c = snap.carriers.find((x) => x.id === a.carrierId && x.active);
      if (c && c.id !== o.carrierId && !found.some((f) => f.id === c.id)) found.push({ id: c.id, code: c.code, name: c.name });
    }
  }
  return found;
}
