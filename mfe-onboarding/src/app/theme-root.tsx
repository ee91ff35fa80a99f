// The onboarding pages use no antd component: plain inputs styled with the shared theme's CSS
// variables (the shell puts them on :root). So the root is no antd provider either — antd's
// ConfigProvider and App alone measured 87 KB gzip, a third of /login's 250 KB budget (DESIGN §7).
// If a view ever needs an antd component, wrap it here with createThemeRoot from shared-sdk.
import type { ReactNode } from 'react';

export function ThemeRoot({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
