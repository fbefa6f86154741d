import { join } from "node:path";
import type { Config } from "@maidan/config/config";
import { diskStorage } from "./disk-storage.ts";
import type { MediaStorage } from "./media-storage.ts";
import { s3Storage } from "./s3-storage.ts";

/** Local disk under DATA_DIR/media unless MEDIA_S3_BUCKET names a bucket. */
export function createMediaStorage(config: Config): MediaStorage {
  if (!config.MEDIA_S3_BUCKET) return diskStorage(join(config.dataDir, "media"));
  return s3Storage({
    bucket: config.MEDIA_S3_BUCKET,
    endpoint: config.MEDIA_S3_ENDPOINT,
    region: config.MEDIA_S3_REGION,
    forcePathStyle: config.MEDIA_S3_FORCE_PATH_STYLE,
    prefix: config.MEDIA_S3_PREFIX,
    credentials:
      config.MEDIA_S3_ACCESS_KEY_ID && config.MEDIA_S3_SECRET_ACCESS_KEY
        ? {
            accessKeyId: config.MEDIA_S3_ACCESS_KEY_ID,
            secretAccessKey: config.MEDIA_S3_SECRET_ACCESS_KEY,
          }
        : undefined,
  });
}
