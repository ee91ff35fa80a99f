// The window DOMPurify works in: the page's. The server build takes dom-window.server.ts
// instead, so a prerendered page's HTML is sanitized exactly as in the browser.
export const domWindow = (): Window & typeof globalThis => window;
