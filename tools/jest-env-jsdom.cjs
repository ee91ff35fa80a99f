// jsdom without Node's fetch classes breaks React Router's data router (it builds a Request for
// every navigation). Hand the test window Node's own.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of [
      'Request',
      'Response',
      'Headers',
      'fetch',
      'AbortSignal',
      'AbortController',
      'ReadableStream',
    ]) {
      if (typeof globalThis[name] !== 'undefined') this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetch;
