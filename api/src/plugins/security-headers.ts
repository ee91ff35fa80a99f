// helmet's security headers on every reply. They follow from the options alone, so they are worked out once, when the
// app starts, by running helmet's middleware against a response that only records what it is asked to do; each reply
// then gets the same headers, in the same order, set the same way (on the raw response), without helmet being built
// again for every request as @fastify/helmet does.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

type Step = { set: string; value: string } | { remove: string };

/** What helmet does to a response with these options, in order. */
export function helmetSteps(options: HelmetOptions): Step[] {
  const steps: Step[] = [];
  const recorder = {
    setHeader: (set: string, value: string) => steps.push({ set, value }),
    removeHeader: (remove: string) => steps.push({ remove }),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return steps;
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const steps = helmetSteps(options);
  app.addHook('onRequest', (_req, reply, done) => {
    const res = reply.raw;
    for (const s of steps) {
      if ('set' in s) res.setHeader(s.set, s.value);
      else res.removeHeader(s.remove);
    }
    done();
  });
});
