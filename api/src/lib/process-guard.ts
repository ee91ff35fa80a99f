import type { FastifyBaseLogger } from 'fastify';

let installed = false;

/**
 * A promise some library forgot to await, rejected because a dependency failed (pg-boss completes a
 * job without awaiting it; while PostgreSQL is away that write fails): Node would end the process,
 * and every request in flight with it. The rejection is logged and the api keeps serving; the work
 * it belonged to is retried by its owner (an uncompleted job expires and runs again). A thrown
 * exception nobody caught still ends the process: its state is unknown.
 */
export function surviveStrayRejections(log: Pick<FastifyBaseLogger, 'error'>): void {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', (reason) => {
    log.error(
      {
        err: reason instanceof Error ? { message: reason.message, code: (reason as { code?: unknown }).code } : reason,
      },
      'a promise nobody awaited was rejected: logged, the api keeps serving',
    );
  });
}
