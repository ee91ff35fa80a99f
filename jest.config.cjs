// The root jest run: every workspace is a project, each configured by its own jest.config.cjs.
module.exports = {
  projects: ['shared-sdk', 'shell', 'mfe-onboarding', 'mfe-public', 'mfe-account', 'mfe-ops', 'api', 'deploy'].map(
    (ws) => `<rootDir>/${ws}/jest.config.cjs`,
  ),
  // How long a worker has to exit by itself once the run is over, before jest ends it ("failed to exit gracefully").
  // A worker that last ran the console's screen tests needs more than jest's 500 ms on a busy 2-core machine, with no
  // handle left open: given 1.5 s it always exited by itself (2026-11-27). A handle truly left open still ends here.
  workerGracefulExitTimeout: 5_000,
};
