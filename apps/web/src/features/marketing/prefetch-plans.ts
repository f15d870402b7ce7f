import type { QueryClient } from '@tanstack/react-query';
import { catalogueKeys, getPlans } from '../../shared/catalogue/catalogue.api';

/**
 * Puts the plans in the query cache, where the pricing section's usePlans finds them. Loaded on demand,
 * so the data-fetching code stays off the path to the first paint.
 */
export async function prefetchPlans(queryClient: QueryClient): Promise<void> {
  try {
    // ensureQueryData leaves plans already cached (or being fetched by the pricing section) alone.
    await queryClient.ensureQueryData({ queryKey: catalogueKeys.plans, queryFn: ({ signal }) => getPlans(signal) });
  } catch {
    // Nothing to do here: the pricing section shows the error with a retry button when it renders.
  }
}
