import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { SessionProvider } from '../shared/session';
import { theme } from '../shared/theme';
import { endHydration, useHydrated } from '../shared/use-hydrated';

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // A page rendered on the server shows its form fields disabled until the app has taken it over: what is
  // typed before would be lost, and a form sent by the browser alone would put its fields in the address.
  const hydrated = useHydrated();
  // The whole page has been taken over and its fields are enabled: clicks made before are replayed now (boot.ts).
  useEffect(() => {
    if (!hydrated) return;
    endHydration();
    document.documentElement.dataset.ready = 'true';
  }, [hydrated]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={theme} componentDisabled={!hydrated}>
        <SessionProvider>{children}</SessionProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
