import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

export type S3TestServer = {
  endpoint: string;
  bucket: string;
  /** The MEDIA_S3_* settings of an instance using this server's bucket. */
  env: Record<string, string>;
  close: () => Promise<void>;
};

/**
 * A local S3-protocol server (s3rver) on a free port of 127.0.0.1, with one empty bucket, its
 * objects in a temporary folder removed by close(). Signatures are checked as S3 checks them,
 * with s3rver's fixed key pair.
 */
export async function startS3Server(bucket = "maidan-media"): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), "maidan-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      MEDIA_S3_BUCKET: bucket,
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_REGION: "us-east-1",
      MEDIA_S3_ACCESS_KEY_ID: "S3RVER",
      MEDIA_S3_SECRET_ACCESS_KEY: "S3RVER",
      MEDIA_S3_FORCE_PATH_STYLE: "true",
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
