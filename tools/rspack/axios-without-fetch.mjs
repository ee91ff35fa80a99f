// Stands in for axios's fetch adapter (axios/lib/adapters/fetch.js) in the browser builds: in a
// browser axios takes XHR first, and the SDK's transport never asks for fetch, so the adapter's
// 2 KB gzip would be downloaded by every seller and never run. Asked for anyway, axios says
// "adapter fetch is not supported by the environment".
export const getFetch = () => false;
export default undefined;
