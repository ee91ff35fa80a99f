// The few operations a store of immutable files needs, shared by the release store (deploy/) and
// the api's photo store: a directory and an S3-compatible bucket implement it and pass the same
// tests. Nothing here imports the rest of the api, so deploy/ can import it as it is.

export interface PutOptions {
  contentType?: string;
  contentEncoding?: string;
  cacheControl?: string;
}

export interface BlobStore {
  /** For messages: where this store is. */
  readonly location: string;
  /** Set when the store is a local directory (the edge server then serves files from it). */
  readonly localDir?: string;
  get(key: string): Promise<Buffer | undefined>;
  exists(key: string): Promise<boolean>;
  put(key: string, body: Buffer | string, opts?: PutOptions): Promise<void>;
  /** Creates the object only if nothing is there yet; false when something already was. */
  putIfAbsent(key: string, body: Buffer | string, opts?: PutOptions): Promise<boolean>;
  /** Keys directly under `prefix` that are "folders" (e.g. the versions of an app). */
  listFolders(prefix: string): Promise<string[]>;
  /** Names of the objects directly under `prefix` (not in sub-folders). */
  listFiles(prefix: string): Promise<string[]>;
  /**
   * Read-modify-write of one small JSON document such that two writers at once never lose a
   * change: `change` sees the latest document and its result replaces it in one atomic write.
   * `change` may run more than once (it must be a pure function of its input). When it returns
   * `undefined` nothing is written and the result is the document as it is (or `undefined`).
   */
  update<T>(key: string, change: (current: T | undefined) => T | undefined): Promise<T | undefined>;
}
