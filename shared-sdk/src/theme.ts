// One look for every app: antd theme tokens and the same values as CSS custom properties for the
// parts of the shell written in plain CSS. Types only from antd: nothing of antd ships from here.
import type { ThemeConfig } from 'antd';

/**
 * Brand colours. Each colour that can carry white text or be text on white passes WCAG AA (4.5:1):
 * primary #0B7A53 5.35:1, hover 4.95:1, active 7.30:1, error 5.62:1, warning 5.43:1, info 5.67:1.
 * White labels on primary buttons stay readable in sunlight on phones.
 */
export const THEME_TOKENS = Object.freeze({
  colorPrimary: '#0B7A53',
  colorPrimaryHover: '#0C8058',
  colorPrimaryActive: '#086343',
  colorSuccess: '#1B7F37',
  colorWarning: '#9A5B00',
  colorError: '#C62828',
  colorInfo: '#0B6E99',
  colorText: '#1B2631',
  colorTextSecondary: '#52606D',
  colorBgLayout: '#F5F7F6',
  colorBgContainer: '#FFFFFF',
  colorBorder: '#D5DDD9',
  borderRadius: 8,
  borderRadiusLG: 12,
  fontSize: 15,
  // System fonts only: no web-font download on costly mobile data.
  fontFamily:
    "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, " +
    "'Apple Color Emoji', 'Segoe UI Emoji'",
  controlHeight: 44,
} as const);

/** antd `ConfigProvider theme`. */
export const themeConfig: ThemeConfig = {
  token: {
    colorPrimary: THEME_TOKENS.colorPrimary,
    colorSuccess: THEME_TOKENS.colorSuccess,
    colorWarning: THEME_TOKENS.colorWarning,
    colorError: THEME_TOKENS.colorError,
    colorInfo: THEME_TOKENS.colorInfo,
    colorLink: THEME_TOKENS.colorPrimary,
    colorText: THEME_TOKENS.colorText,
    colorTextSecondary: THEME_TOKENS.colorTextSecondary,
    colorBgLayout: THEME_TOKENS.colorBgLayout,
    colorBgContainer: THEME_TOKENS.colorBgContainer,
    colorBorder: THEME_TOKENS.colorBorder,
    borderRadius: THEME_TOKENS.borderRadius,
    borderRadiusLG: THEME_TOKENS.borderRadiusLG,
    fontSize: THEME_TOKENS.fontSize,
    fontFamily: THEME_TOKENS.fontFamily,
    controlHeight: THEME_TOKENS.controlHeight,
  },
  components: {
    Button: { primaryShadow: 'none', fontWeight: 600 },
  },
};

/** CSS custom property name → value; `--gl-color-primary` etc. */
export const THEME_CSS_VARIABLES: Readonly<Record<string, string>> = Object.freeze({
  '--gl-color-primary': THEME_TOKENS.colorPrimary,
  '--gl-color-primary-hover': THEME_TOKENS.colorPrimaryHover,
  '--gl-color-primary-active': THEME_TOKENS.colorPrimaryActive,
  '--gl-color-on-primary': '#FFFFFF',
  '--gl-color-success': THEME_TOKENS.colorSuccess,
  '--gl-color-warning': THEME_TOKENS.colorWarning,
  '--gl-color-error': THEME_TOKENS.colorError,
  '--gl-color-info': THEME_TOKENS.colorInfo,
  '--gl-color-text': THEME_TOKENS.colorText,
  '--gl-color-text-secondary': THEME_TOKENS.colorTextSecondary,
  '--gl-color-bg-layout': THEME_TOKENS.colorBgLayout,
  '--gl-color-bg-container': THEME_TOKENS.colorBgContainer,
  '--gl-color-border': THEME_TOKENS.colorBorder,
  '--gl-radius': `${THEME_TOKENS.borderRadius}px`,
  '--gl-radius-lg': `${THEME_TOKENS.borderRadiusLG}px`,
  '--gl-font-size': `${THEME_TOKENS.fontSize}px`,
  '--gl-font-family': THEME_TOKENS.fontFamily,
  '--gl-control-height': `${THEME_TOKENS.controlHeight}px`,
  '--gl-breakpoint-mobile': '768px',
});

/** A `:root { … }` rule with every variable, for a <style> element. */
export const themeCssVariables: string = `:root{${Object.entries(THEME_CSS_VARIABLES)
  .map(([name, value]) => `${name}:${value}`)
  .join(';')}}`;
