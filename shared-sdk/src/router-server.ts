// The edge's side of the one React Router (prerendered pages): the static handler and
// router that render a page in Node, from the same copy of React Router as ./router (the shell's
// server build bundles both; remotes never import this).
export { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
