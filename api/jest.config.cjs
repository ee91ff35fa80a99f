const base = require('../tools/jest-preset.cjs').preset(__dirname, 'node');

module.exports = {
  ...base,
  // ESM-only packages in the api's dependency tree that jest must transform too.
  // PGlite's CommonJS build loads Node built-ins with import(), which jest's sandbox refuses without
  // --experimental-vm-modules; compiling it turns those into require().
  transformIgnorePatterns: [
    '^(?!.*/node_modules/(jose|@giftlane|content-disposition|cookie|@electric-sql/pglite)/).*/node_modules/',
  ],
  transform: { ...base.transform, '^.+\\.cjs$': base.transform['^.+\\.(t|j)sx?$'] },
  moduleNameMapper: {
    ...base.moduleNameMapper,
    // ESM-style relative imports name the .js file; the sources are .ts.
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // shared-sdk exposes "./*" → "./src/*" without an extension.
    '^@giftlane/shared-sdk/(.*)$': '<rootDir>/../shared-sdk/src/$1',
  },
};
