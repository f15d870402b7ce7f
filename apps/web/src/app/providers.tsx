import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { SessionProvider } from '../shared/session';
import { theme } from '../shared/theme';
import { endHydration, useHydrated } from '../shared/use-hydrated';
import type { PageTakeover } from './prerender-data';

export function Providers({
  queryClient,
  takeover,
  children,
}: {
  queryClient: QueryClient;
  /** How the browser takes this page over, when the server rendered it. */
  takeover?: PageTakeover;
  children: ReactNode;
}) {
  // A page rendered on the server shows its form fields disabled until the app has taken it over, unless the app
  // takes it over at the first interaction (a form page): boot.ts then hands what was typed to the app and holds
  // the form's submission, so nothing is lost and no field goes into the address.
  const hydrated = useHydrated();
  const fieldsWait = !hydrated && takeover !== 'app-at-interaction';
  // The whole page has been taken over and its fields are enabled: clicks made before are replayed now (boot.ts).
  useEffect(() => {
    if (!hydrated) return;
    endHydration();
    document.documentElement.dataset.ready = 'true';
  }, [hydrated]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={theme} componentDisabled={fieldsWait}>
        <SessionProvider>{children}</SessionProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
