const base = require('../tools/jest-preset.cjs').preset(__dirname, 'node');

module.exports = {
  ...base,
  // Fastify's static files and inject() pull in ES-module-only packages (content-disposition,
  // cookie), wherever npm nested them: jest compiles those too. The transport suite starts the api
  // in-process behind the edge, so the api's ES-module-only packages (PGlite) are compiled as well.
  transformIgnorePatterns: [
    '^(?!.*/node_modules/(jose|@giftlane|content-disposition|cookie|@electric-sql/pglite)/).*/node_modules/',
  ],
  transform: { ...base.transform, '^.+\\.cjs$': base.transform['^.+\\.(t|j)sx?$'] },
  moduleNameMapper: {
    ...base.moduleNameMapper,
    // The api's ESM-style relative imports name the .js file; the sources are .ts.
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^@giftlane/shared-sdk/(.*)$': '<rootDir>/../shared-sdk/src/$1',
  },
};
