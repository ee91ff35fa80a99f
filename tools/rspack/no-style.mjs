// A stylesheet in a server build (server-config.mjs): the browser build carries the styles.
export {};
