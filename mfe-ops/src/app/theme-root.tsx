import { App, ConfigProvider } from 'antd';
import { createThemeRoot, THEME_TOKENS, themeConfig } from '@giftlane/shared-sdk';

// antd draws labels, descriptions and placeholders in faded tints of the text colour (3.3:1 on the
// console's grey): the console uses the theme's secondary text colour for them (placeholders
// a little lighter, still 4.5:1 on white).
const readable = THEME_TOKENS.colorTextSecondary;
export const ThemeRoot = createThemeRoot({ App, ConfigProvider }, {
  ...themeConfig,
  token: { ...themeConfig.token, colorTextTertiary: readable, colorTextDescription: readable, colorTextPlaceholder: '#66727F' },
});
