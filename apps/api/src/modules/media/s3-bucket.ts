import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { AppError } from "@maidan/contracts/errors";
import {
  assertMediaKey,
  contentTypeOf,
  isMediaKey,
  MEDIA_CACHE_CONTROL,
  PRIVATE_PREFIX,
} from "./media-key.ts";
import type { MediaStorage } from "./media-storage.ts";

export type S3Settings = {
  bucket: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** Prepended to every key (`maidan/`), so one bucket can serve several shops. */
  prefix: string;
  /** Unset: the SDK's own chain (AWS_* variables, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

const status = (e: unknown) =>
  e instanceof S3ServiceException ? e.$metadata.httpStatusCode : undefined;
const isNotFound = (e: unknown) =>
  status(e) === 404 || (e as Error).name === "NoSuchKey" || (e as Error).name === "NotFound";

/** The bucket failed (unreachable, refusing, erring): the client may try again later. */
function outage(e: unknown) {
  const err = new AppError("MEDIA_UNAVAILABLE");
  err.cause = e;
  return err;
}

/**
 * Media in an S3-compatible bucket shared by every instance. Objects are written whole (a
 * reader never sees half a picture) and read back as streams; the resizer keeps its results on
 * each instance's disk, so only first requests for a size reach the bucket.
 */
export function s3Bucket(s: S3Settings): MediaStorage {
  const client = new S3Client({
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    credentials: s.credentials,
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
    // Checksums only where S3 requires them: S3-compatible servers differ in the newer ones.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = s.bucket;
  const objectKey = (key: string) => {
    assertMediaKey(key);
    return `${s.prefix}${key}`;
  };
  // A missing object and a not-modified answer are answers; anything else is the bucket failing.
  const send: S3Client["send"] = (async (command: Parameters<S3Client["send"]>[0]) => {
    try {
      return await client.send(command);
    } catch (e) {
      if (isNotFound(e) || status(e) === 304) throw e;
      throw outage(e);
    }
  }) as S3Client["send"];
  const where = `s3://${s.bucket}/${s.prefix}${s.endpoint ? ` at ${s.endpoint}` : ` (${s.region})`}`;

  return {
    kind: "s3",
    description: where,
    async exists(key) {
      if (!isMediaKey(key)) return false;
      try {
        await send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return true;
      } catch (e) {
        if (isNotFound(e)) return false;
        throw e;
      }
    },
    async put(key, bytes, contentType) {
      await send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType ?? contentTypeOf(key),
          CacheControl: key.startsWith(PRIVATE_PREFIX) ? "private, no-store" : MEDIA_CACHE_CONTROL,
        }),
      );
    },
    async read(key) {
      if (!isMediaKey(key)) return null;
      try {
        const res = await send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : null;
      } catch (e) {
        if (isNotFound(e)) return null;
        throw e;
      }
    },
    async open(key, opts = {}) {
      if (!isMediaKey(key)) return null;
      try {
        const res = await send(
          new GetObjectCommand({ Bucket, Key: objectKey(key), IfNoneMatch: opts.ifNoneMatch }),
        );
        if (!res.Body) return null;
        return {
          body: res.Body as Readable,
          size: res.ContentLength ?? 0,
          // By the key, as on disk: what the bucket says was set by whoever wrote the object.
          contentType: contentTypeOf(key),
          etag: res.ETag ?? "",
          lastModified: res.LastModified ?? new Date(0),
        };
      } catch (e) {
        if (status(e) === 304 && opts.ifNoneMatch) {
          return { notModified: true, etag: opts.ifNoneMatch };
        }
        if (isNotFound(e)) return null;
        throw e;
      }
    },
    async delete(key) {
      await send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (e) {
        const why = status(e) ? `HTTP ${status(e)} ${(e as Error).name}` : (e as Error).message;
        throw new Error(`media: cannot reach the bucket ${where}: ${why}`);
      }
    },
    close() {
      client.destroy();
    },
  };
}
