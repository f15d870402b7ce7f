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
  // A page the app takes over as it loads shows its form fields disabled until it has. Not a form page, which the
  // app takes over at the first interaction (boot.ts hands what was typed to the app and holds the form's
  // submission, so nothing is lost and no field goes into the address), nor an islands page, whose parts outside
  // its islands are never taken over: drawn disabled there, a link-styled button would stay dead.
  const hydrated = useHydrated();
  const fieldsWait = !hydrated && takeover === 'app';
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
