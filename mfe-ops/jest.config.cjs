const base = require('../tools/jest-preset.cjs').preset(__dirname, 'jsdom');

module.exports = { ...base, setupFilesAfterEnv: [...base.setupFilesAfterEnv, '<rootDir>/src/test/setup.ts'] };
