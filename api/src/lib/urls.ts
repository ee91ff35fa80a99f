/**
 * A site path as an absolute URL on the public origin (PUBLIC_ORIGIN): a mobile app has no page
 * to resolve a relative URL against. Absolute URLs pass through.
 */
export const absoluteUrl = (origin: string, url: string): string =>
  url.startsWith('/') && !url.startsWith('//') ? `${origin}${url}` : url;
