import type { Readable } from "node:stream";

/** An original picture, opened for streaming to a client. */
export type MediaObject = {
  body: Readable;
  size: number;
  contentType: string;
  etag: string;
  lastModified: Date;
};

/** What `open` gives when the client already holds this version (its If-None-Match). */
export type NotModified = { notModified: true; etag: string };

/**
 * Where the shop's pictures are kept (decision 030): the seed's product, category and banner
 * images and the shoppers' avatars, by key (`products/shoe-red.webp`). Every reader and writer
 * of media goes through this, so instances sharing a bucket see each other's uploads.
 */
export type MediaStorage = {
  readonly kind: "disk" | "s3";
  /** Where, for the start-up line (never a credential). */
  readonly description: string;
  exists(key: string): Promise<boolean>;
  put(key: string, bytes: Uint8Array, contentType?: string): Promise<void>;
  /** The whole file (the resizer reads originals), or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  open(key: string, opts?: { ifNoneMatch?: string }): Promise<MediaObject | NotModified | null>;
  /** Removes the file; one already gone is no error. */
  delete(key: string): Promise<void>;
  /** Fails with a clear message when the storage cannot be reached or written (start-up). */
  check(): Promise<void>;
  close(): void;
};
