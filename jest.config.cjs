// The root jest run: every workspace is a project, each configured by its own jest.config.cjs.
module.exports = {
  projects: ['shared-sdk', 'shell', 'mfe-onboarding', 'mfe-public', 'mfe-account', 'mfe-ops', 'api', 'deploy'].map(
    (ws) => `<rootDir>/${ws}/jest.config.cjs`,
  ),
};
