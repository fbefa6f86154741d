import type { MediaStorage } from "./media-storage.ts";
import type { S3Settings } from "./s3-bucket.ts";

export type { S3Settings };

/**
 * Media in an S3-compatible bucket (s3-bucket.ts). The AWS SDK is loaded by the first call, so
 * a shop on local disk never loads it (~11 MB resident; issue #19's memory bar).
 */
export function s3Storage(s: S3Settings): MediaStorage {
  const loading = import("./s3-bucket.ts").then((m) => m.s3Bucket(s));
  const where = `s3://${s.bucket}/${s.prefix}${s.endpoint ? ` at ${s.endpoint}` : ` (${s.region})`}`;
  return {
    kind: "s3",
    description: where,
    exists: async (key) => (await loading).exists(key),
    put: async (key, bytes, contentType) => (await loading).put(key, bytes, contentType),
    read: async (key) => (await loading).read(key),
    open: async (key, opts) => (await loading).open(key, opts),
    delete: async (key) => (await loading).delete(key),
    check: async () => (await loading).check(),
    close: () => {
      loading.then(
        (bucket) => bucket.close(),
        () => {},
      );
    },
  };
}
