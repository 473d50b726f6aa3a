import { useQuery } from '@tanstack/react-query';
import { catalogApi, pricingApi } from '../api/endpoints';
import { useCan } from './list-ui';

// Pick lists for filters and forms (first 100 records of each; the API caps a page at 100).
const ALL = { pageSize: 100 };

export function useCarrierOptions() {
  const can = useCan();
  const q = useQuery({
    queryKey: ['carriers', 'options'],
    queryFn: ({ signal }) => catalogApi.carriers(ALL, signal),
    enabled: can('EX-CARRIER-LIST'),
    staleTime: 30_000,
  });
  const items = q.data?.data.items ?? [];
  return { items, loading: q.isLoading, options: items.map((c) => ({ value: c.id, label: `${c.code} — ${c.name}` })) };
}

export function useServiceOptions() {
  const can = useCan();
  const q = useQuery({
    queryKey: ['services', 'options'],
    queryFn: ({ signal }) => catalogApi.services(ALL, signal),
    enabled: can('EX-SERVICE-LIST'),
    staleTime: 30_000,
  });
  const items = q.data?.data.items ?? [];
  return { items, loading: q.isLoading, options: items.map((s) => ({ value: s.id, label: `${s.code} — ${s.name}` })) };
}

export function useWarehouseOptions() {
  const can = useCan();
  const q = useQuery({
    queryKey: ['warehouses', 'options'],
    queryFn: ({ signal }) => catalogApi.warehouses(ALL, signal),
    enabled: can('EX-WAREHOUSE-LIST'),
    staleTime: 30_000,
  });
  const items = q.data?.data.items ?? [];
  return { items, loading: q.isLoading, options: items.map((w) => ({ value: w.id, label: `${w.code} — ${w.name}` })) };
}

/** A lookup id → code for table cells. */
export const codeOf = (items: { id: string; code: string }[]) => {
  const map = new Map(items.map((i) => [i.id, i.code]));
  return (id: string | null | undefined) => (id ? (map.get(id) ?? id.slice(0, 8)) : '');
};

/**
 * The shipping services a user may pick: the service list for staff who manage the catalog, the
 * services with sell prices (the Price screen's list) for sellers. Value: the service code.
 */
export function useServiceCodeOptions(enabled = true) {
  const can = useCan();
  const full = can('EX-SERVICE-LIST');
  const priced = can('EX_VIEW_PRICING');
  const services = useQuery({
    queryKey: ['services', 'options'],
    queryFn: ({ signal }) => catalogApi.services({ pageSize: 100 }, signal),
    enabled: enabled && full,
    staleTime: 30_000,
  });
  const sellPrices = useQuery({
    queryKey: ['pricing', 'sell-prices'],
    queryFn: ({ signal }) => pricingApi.sellPrices(signal),
    enabled: enabled && !full && priced,
    staleTime: 30_000,
  });
  const list = full ? (services.data?.data.items ?? []).filter((s) => s.status === 'active') : (sellPrices.data?.data ?? []).map((p) => p.service);
  return {
    loading: services.isLoading || sellPrices.isLoading,
    options: list.map((s) => ({ value: s.code, label: `${s.code} — ${s.name}` })),
  };
}
