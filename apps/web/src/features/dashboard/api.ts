import { SellerDashboardEndpoint, StaffDashboardEndpoint } from '@exship/contracts';
import { call } from '../../api/call';

// The dashboards' calls: a seller's own account, staff's work queues and KPIs.
export const dashboardApi = {
  seller: (signal?: AbortSignal) => call(SellerDashboardEndpoint, { signal }),
  staff: (signal?: AbortSignal) => call(StaffDashboardEndpoint, { signal }),
};

/** The list a dashboard count opens: its path under /app with the list's own filters in the query. */
export function linkTo(link: { path: string; query: Record<string, string> }): string {
  const path = link.path.startsWith('/app') ? link.path : `/app${link.path.startsWith('/') ? '' : '/'}${link.path}`;
  const search = new URLSearchParams(link.query).toString();
  return search ? `${path}?${search}` : path;
}
