// The native apps' store listings (footer, login, sign-up, /app). Links are settings.
import { STORE_LINKS, type StoreLinks } from '../config';

export function StoreBadges({ links = STORE_LINKS }: { links?: StoreLinks }) {
  return (
    <div className="gl-stores" aria-label="Get the app">
      <a className="gl-store" href={links.android} rel="noopener" target="_blank">
        <small>Get it on</small> Google Play
      </a>
      <a className="gl-store" href={links.ios} rel="noopener" target="_blank">
        <small>Download on the</small> App Store
      </a>
    </div>
  );
}
