import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../shared/api/client';

const MAX_RETRIES = 2;

/** One per browser tab, and one per page rendered on the server (its data must not leak into another's). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change on retry (unknown plan, bad input); network and server failures might.
        retry: (failures, error) =>
          failures < MAX_RETRIES && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}
