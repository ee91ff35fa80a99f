// One jest preset for every workspace: SWC transforms TypeScript and JSX (ts-jest breaks on
// TypeScript 7-era tooling), and browser apps run in jsdom with the shared setup file.
const path = require('node:path');

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** @param {string} dir workspace folder @param {'jsdom'|'node'} env */
function preset(dir, env) {
  const name = path.basename(dir);
  return {
    displayName: name,
    rootDir: dir,
    testEnvironment: env === 'jsdom' ? path.join(__dirname, 'jest-env-jsdom.cjs') : env,
    transform: { '^.+\\.(t|j)sx?$': swc },
    // ESM-only packages that jest must transform too.
    transformIgnorePatterns: ['/node_modules/(?!(jose|@giftlane)/)'],
    moduleNameMapper: {
      '\\.(css|svg|png|jpg|webp)$': path.join(__dirname, 'jest-asset-stub.cjs'),
    },
    setupFilesAfterEnv: env === 'jsdom' ? [path.join(__dirname, 'jest-setup-dom.ts')] : [],
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/src/**/__tests__/**/*.ts?(x)'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  };
}

module.exports = { preset };
