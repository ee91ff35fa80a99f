// The whole contract at once, for the api (which checks every reply it sends) and for tests. The SDK
// loads it in two parts instead (index.ts).
import { ACCOUNT_REPLIES } from './account';
import { has, type GcPath, type ReplyOf } from './index';
import { PUBLIC_REPLIES } from './public';
import { parse, type Schema } from './schema';

export const GC_REPLIES: Readonly<Record<GcPath, Schema<unknown>>> = { ...PUBLIC_REPLIES, ...ACCOUNT_REPLIES };

export const isGcPath = (path: string): path is GcPath => has(GC_REPLIES, path);

/** A reply's `data` checked against its path's schema: the decoded value, or every place it does not match. */
export const checkReply = <P extends GcPath>(path: P, data: unknown) =>
  parse(GC_REPLIES[path] as Schema<ReplyOf<P>>, data);

export type { GcPath, ReplyOf };
