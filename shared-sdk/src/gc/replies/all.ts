// The whole contract at once, for the api (which checks every reply it sends) and for tests. The SDK
// loads it in two parts instead (index.ts).
import { ACCOUNT_REPLIES } from './account';
import { has, type GcPath, type ReplyOf } from './index';
import { PUBLIC_REPLIES } from './public';
import { check, type Schema } from './schema';

export const GC_REPLIES: Readonly<Record<GcPath, Schema<unknown>>> = { ...PUBLIC_REPLIES, ...ACCOUNT_REPLIES };

export const isGcPath = (path: string): path is GcPath => has(GC_REPLIES, path);

/** Whether a reply's `data` matches its path's schema, or every place where it does not. */
export const checkReply = <P extends GcPath>(path: P, data: unknown) =>
  check(GC_REPLIES[path] as Schema<unknown>, data);

export type { GcPath, ReplyOf };
