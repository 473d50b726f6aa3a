import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

// SPEC §7: data fetching retries every 5 seconds and is deduped within 2 seconds.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 2_000,
        retryDelay: 5_000,
        // Client errors (bad input, no rights, signed out) do not get better by retrying.
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 3;
        },
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
