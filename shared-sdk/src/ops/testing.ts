// `@giftlane/shared-sdk/ops/testing`: the console's screens under test talk to the real operator
// client (its paths, its decoding with the contract's schemas) over a transport that answers from a
// table of wire replies, keyed by route (`'GET /ops/api/orders/queue'`), and records each call. A
// reply outside the contract fails the call as it would in the browser. Tests only.
import {
  createOpsClient,
  installOps,
  staffSession,
  type OpsClient,
  type OpsRequest,
  type OpsResponse,
  type Role,
} from './client';
import type { OpsReply, OpsRoute } from './replies';

/** A refusal, as the api sends one: `success: false`, its message and HTTP status. */
export class OpsRefusal {
  constructor(
    readonly msg: string,
    readonly status = 400,
    readonly code = 'common.001',
  ) {}
}

/** No answer at all (the network or the server is down): the call rejects with status 0. */
export const NO_OPS_ANSWER = Symbol('no answer');

/** The call as the console made it: the route, the path it filled in (with its query), the body sent. */
export interface OpsCall {
  route: OpsRoute;
  path: string;
  /** The query string's fields (GET) or the JSON body (POST). */
  input: Record<string, unknown>;
}

type Answer = unknown;
/**
 * What a route answers: its `data` as the api sends it, an OpsRefusal, NO_OPS_ANSWER, a promise of one, or a function
 * of the call.
 */
export type OpsWire<R extends OpsRoute = OpsRoute> = OpsReply<R> | OpsRefusal | typeof NO_OPS_ANSWER | Answer;

export interface TestOps {
  client: OpsClient;
  calls: OpsCall[];
  /** What was sent to one route, oldest first. */
  callsTo(route: OpsRoute): Record<string, unknown>[];
  /** Sets what a route answers from now on; a list is answered one item per call (the last one repeats). */
  answer(route: OpsRoute, ...replies: Answer[]): void;
}

export interface TestOpsOptions {
  /** The signed-in operator (stored as the console stores one); false: nobody signed in. */
  staff?: { id?: number; name?: string; role?: Role } | false;
}

/**
 * Installs the operator client answering from `replies` (route → wire reply) as the console's
 * client (`getOps()`), and signs in an admin unless told otherwise. A route not in the table answers
 * a refusal naming it.
 */
export function testOps(replies: Partial<Record<OpsRoute, Answer>> = {}, options: TestOpsOptions = {}): TestOps {
  const queues = new Map<OpsRoute, Answer[]>();
  const calls: OpsCall[] = [];
  const answer = (route: OpsRoute, ...list: Answer[]) => void queues.set(route, list);
  for (const [route, reply] of Object.entries(replies)) answer(route as OpsRoute, reply);

  const transport = async (req: OpsRequest): Promise<OpsResponse> => {
    const [, query = ''] = req.path.split('?');
    const input =
      req.method === 'GET'
        ? Object.fromEntries(new URLSearchParams(query))
        : ((req.body ?? {}) as Record<string, unknown>);
    const call = { route: req.route, path: req.path, input };
    calls.push(call);
    const queue = queues.get(req.route);
    let reply: Answer = queue?.length
      ? queue.length > 1
        ? queue.shift()
        : queue[0]
      : new OpsRefusal(`No reply for ${req.route} in this test`);
    if (typeof reply === 'function') reply = (reply as (c: OpsCall) => Answer)(call);
    if (reply instanceof Promise) reply = await reply;
    if (reply === NO_OPS_ANSWER) throw new Error(`${req.route}: no answer`);
    if (reply instanceof OpsRefusal) {
      return {
        status: reply.status,
        type: 'application/json',
        text: JSON.stringify({ success: false, code: reply.code, msg: reply.msg, data: null }),
      };
    }
    if (req.route === 'POST /ops/api/withdrawals/export') {
      return { status: 200, type: 'text/csv; charset=utf-8', text: String(reply), filename: 'payouts-test.csv' };
    }
    return {
      status: 200,
      type: 'application/json',
      text: JSON.stringify({ success: true, code: '0', msg: 'success', data: reply ?? null }),
    };
  };

  const client = createOpsClient(transport, (message) => {
    if (staffSession.get()) staffSession.set(null, message);
  });
  installOps(client);
  const staff =
    options.staff === false
      ? null
      : { token: 'test-staff-token-0123456789', id: 1, name: 'Test Admin', role: 'admin' as Role, ...options.staff };
  staffSession.set(staff);
  return {
    client,
    calls,
    callsTo: (route) => calls.filter((c) => c.route === route).map((c) => c.input),
    answer,
  };
}
