const base = require('../tools/jest-preset.cjs').preset(__dirname, 'node');

module.exports = {
  ...base,
  // Fastify's static files and inject() pull in ES-module-only packages (content-disposition,
  // cookie), wherever npm nested them: jest compiles those too.
  transformIgnorePatterns: ['^(?!.*/node_modules/(jose|@giftlane|content-disposition|cookie)/).*/node_modules/'],
};
