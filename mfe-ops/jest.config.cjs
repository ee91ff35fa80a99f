module.exports = require('../tools/jest-preset.cjs').preset(__dirname, 'jsdom');
