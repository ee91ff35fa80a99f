import { useEffect, type ReactNode } from 'react';
import { Typography } from 'antd';

export const CONSOLE_NAME = 'GiftLane console';

/** The tab's title while this screen is open: "Queue · GiftLane console", never the public site's. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${CONSOLE_NAME}` : CONSOLE_NAME;
  }, [title]);
}

/** A console screen's one h1, which also names the tab (`tab` when the tab wants a shorter name). */
export function PageTitle({ children, tab }: { children: ReactNode; tab?: string }) {
  usePageTitle(tab ?? (typeof children === 'string' ? children : ''));
  return (
    <Typography.Title level={1} className="ops-h1">
      {children}
    </Typography.Title>
  );
}
