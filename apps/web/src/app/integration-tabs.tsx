import { lazy } from 'react';

// The tabs of /app/integrations, one per integration, each its own chunk loaded when the tab is first
// shown. Kept here so the integrations screen names no other feature's files.
export const INTEGRATION_TABS = [
  { key: 'walmart', label: 'Walmart', permission: 'EX-INTEGRATION', component: lazy(() => import('../features/walmart/walmart-tab')) },
] as const;
