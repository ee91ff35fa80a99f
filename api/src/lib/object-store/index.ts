// The object-store adapters shared by the api's photo store and the release store (deploy/ imports
// this as `@giftlane/api/object-store`): keep it free of imports from the rest of the api.
export type { BlobStore, PutOptions } from './blob-store.js';
export { openBucket, s3ClientConfig, S3BlobStore, type BucketSettings, type S3StoreOptions } from './s3-blob-store.js';
