import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { SessionProvider } from '../shared/session';
import { theme } from '../shared/theme';
import { endHydration, useHydrated } from '../shared/use-hydrated';

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // Nothing is drawn disabled while the app takes a page over: a form page's typing and submission are held by
  // boot.ts, and what lies outside an islands page's islands is never taken over (it would stay disabled).
  const hydrated = useHydrated();
  // The whole page has been taken over: clicks made before are made again now (boot.ts).
  useEffect(() => {
    if (!hydrated) return;
    endHydration();
    document.documentElement.dataset.ready = 'true';
  }, [hydrated]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={theme}>
        <SessionProvider>{children}</SessionProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
