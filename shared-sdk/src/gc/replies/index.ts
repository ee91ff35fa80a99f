// The /gc wire contract, written once: the `data` of every path's success reply as a schema
// (CONTRACT §2–3 plus our decisions), in schema.ts's functions. The api checks each reply it sends
// against its path's schema (all.ts, api/src/lib/route.ts); the SDK decodes each reply it receives
// with the same schema (transport.ts); the `…Wire` types of types.ts are inferred from them. So a
// field changed here changes the api's check, the SDK's decode and the screens' types together.
// Objects let unknown fields through (a newer api may add some) and drop them from the decoded value.
//
// Two parts, for the bytes a seller downloads: public.ts, in the SDK chunk, holds what the
// first pages call; account.ts, its own chunk, is loaded by the first call of another path.
import type { ACCOUNT_REPLIES } from './account';
import { PUBLIC_REPLIES } from './public';
import { parse, type Infer, type Schema } from './schema';

type Replies = typeof PUBLIC_REPLIES & typeof ACCOUNT_REPLIES;
/** A /gc path of the contract, without `/gc/`. */
export type GcPath = keyof Replies;
/** The `data` of a path's success reply, as decoded. */
export type ReplyOf<P extends GcPath> = Infer<Replies[P]>;

type Table = Readonly<Record<string, Schema<unknown>>>;
export const has = (table: Table, path: string): boolean => Object.prototype.hasOwnProperty.call(table, path);

let accountPart: Promise<Table> | undefined;

/**
 * The schema of a path's reply (loading the account part first when the path is there); undefined outside the contract.
 */
export async function replySchema(path: string): Promise<Schema<unknown> | undefined> {
  if (has(PUBLIC_REPLIES, path)) return (PUBLIC_REPLIES as Table)[path];
  accountPart ??= import(/* webpackChunkName: "gc-replies-account" */ './account').then(
    (part) => part.ACCOUNT_REPLIES,
    (error: unknown) => {
      accountPart = undefined; // offline: the next call tries again
      throw error;
    },
  );
  const table = await accountPart;
  return has(table, path) ? table[path] : undefined;
}

export { parse };
