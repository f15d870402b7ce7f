import { NOTIFICATION_DURATION_S } from '@dpp/shared/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { SessionProvider } from './session';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 2, refetchOnWindowFocus: false } },
});

const theme = {
  token: {
    colorPrimary: '#4F46E5',
    colorLink: '#4338CA',
    colorText: '#0F172A',
    colorTextSecondary: '#475569',
    borderRadius: 10,
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
};

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={theme}>
        <AntApp notification={{ duration: NOTIFICATION_DURATION_S, placement: 'topRight' }}>
          <SessionProvider value={{ user: null }}>{children}</SessionProvider>
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
