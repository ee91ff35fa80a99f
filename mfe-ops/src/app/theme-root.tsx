import type { ReactNode } from 'react';
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import { THEME_TOKENS, themeConfig } from '@giftlane/shared-sdk';

// antd draws labels, descriptions, empty tables and placeholders in faded tints of the text colour
// (1.8:1 to 3.3:1 on the console's grey): the console uses the theme's secondary text colour for
// them (placeholders and empty tables a little lighter, still 4.5:1 on white). Its CSS variables
// have their own key, so no other provider's variables stand in for them.
const readable = THEME_TOKENS.colorTextSecondary;
const faint = '#66727F';
const theme: ThemeConfig = {
  ...themeConfig,
  cssVar: { key: 'gl-ops' },
  token: {
    ...themeConfig.token,
    colorTextTertiary: readable,
    colorTextDescription: readable,
    colorTextQuaternary: faint,
    colorTextPlaceholder: faint,
    // Dialogs, menus and messages appear where they end, at once: antd zooms a dialog in from the pointer for 0.3 s,
    // and a click in that time (a quick operator, a slow machine) can land beside its button and do nothing.
    motion: false,
  },
};

/** The console's antd provider: the shared theme with readable faint text. */
export function ThemeRoot({ children }: { children?: ReactNode }) {
  return (
    <ConfigProvider theme={theme}>
      <App component={false}>{children}</App>
    </ConfigProvider>
  );
}
