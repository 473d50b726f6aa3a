import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SearchCustomersEndpoint, type CustomerOption } from '@exship/contracts';
import { callEnvelope } from '../api/call';

const label = (c: CustomerOption) => `${c.fullName} <${c.email}>`;

/**
 * Seller accounts a staff member can pick (SPEC §7 GET /user/get-customers): found by the typed
 * keyword, plus the already selected ones (looked up by id so they keep their names).
 */
export function useCustomerOptions(enabled: boolean, selectedIds: readonly string[] = []) {
  const [search, setSearch] = useState('');
  const found = useQuery({
    queryKey: ['customers', 'search', search],
    queryFn: ({ signal }) => callEnvelope(SearchCustomersEndpoint, { query: { limit: 20, keyword: search.trim() }, signal }),
    enabled,
    staleTime: 30_000,
  });
  const ids = [...selectedIds].sort().join(',');
  const selected = useQuery({
    queryKey: ['customers', 'ids', ids],
    queryFn: ({ signal }) => callEnvelope(SearchCustomersEndpoint, { query: { ids }, signal }),
    enabled: enabled && ids.length > 0,
    staleTime: 60_000,
  });
  const options = useMemo(() => {
    const byId = new Map<string, { value: string; label: string }>();
    for (const c of [...(selected.data?.data ?? []), ...(found.data?.data ?? [])]) byId.set(c.id, { value: c.id, label: label(c) });
    return [...byId.values()];
  }, [found.data, selected.data]);
  return { options, loading: found.isFetching, setSearch };
}
