// The window DOMPurify works in: the page's. The server build (issue 17) takes dom-window.server.ts
// instead, so a prerendered page's HTML is sanitized exactly as in the browser.
export const domWindow = (): Window & typeof globalThis => window;
