import { App, ConfigProvider } from 'antd';
import { createThemeRoot } from '@giftlane/shared-sdk';

export const ThemeRoot = createThemeRoot({ App, ConfigProvider });
