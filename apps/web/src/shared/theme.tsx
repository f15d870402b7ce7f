import { ConfigProvider, type ThemeConfig } from 'antd';

/** antd's theme for the whole product: the app's providers and the islands that draw antd components. */
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

// Notifications and other static antd calls render outside the tree; give them the same theme. Whoever draws
// antd (the app's providers, an island's `Themed`) imports this module, so this runs before any of them.
ConfigProvider.config({ holderRender: (children) => <ConfigProvider theme={theme}>{children}</ConfigProvider> });
