import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { theme } from '../theme';

/** The product's antd theme for an island that draws antd components (the island frame carries none of antd). */
export function Themed({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={theme}>{children}</ConfigProvider>;
}
