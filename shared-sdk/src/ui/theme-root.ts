// Each app bundles only the antd parts it uses (shared antd ships whole: DESIGN §2), so each app
// wraps its pages in its own antd provider — made here, once, with the one shared theme.
import { createElement as h, type ComponentType, type ReactNode } from 'react';
import type { ThemeConfig } from 'antd';
import { themeConfig } from '../theme';

interface AntdParts {
  ConfigProvider: ComponentType<{ theme?: ThemeConfig; children?: ReactNode }>;
  App: ComponentType<{ component?: false; children?: ReactNode }>;
}

export function createThemeRoot({ ConfigProvider, App }: AntdParts) {
  return function ThemeRoot({ children }: { children?: ReactNode }) {
    return h(ConfigProvider, { theme: themeConfig }, h(App, { component: false }, children));
  };
}
