import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { SessionProvider } from '../shared/session';
import { endHydration, useHydrated } from '../shared/use-hydrated';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#4F46E5',
    // Hover and pressed states darken instead of antd's lighter tints, which fall below 4.5:1 as text on white.
    colorPrimaryHover: '#4338CA',
    colorPrimaryActive: '#3730A3',
    colorLink: '#4338CA',
    colorLinkHover: '#3730A3',
    colorText: '#0F172A',
    colorTextSecondary: '#475569',
    // antd's lighter greys fall below 4.5:1 on white.
    colorTextDescription: '#475569',
    colorTextTertiary: '#475569',
    // antd's red (#ff4d4f) is 3.3:1 on white; form errors must reach 4.5:1.
    colorError: '#C62828',
    borderRadius: 10,
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
};

// Notifications and other static antd calls render outside the tree; give them the same theme.
ConfigProvider.config({ holderRender: (children) => <ConfigProvider theme={theme}>{children}</ConfigProvider> });

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
