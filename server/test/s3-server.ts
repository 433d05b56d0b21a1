// A real S3-compatible server for the tests (s3rver, in this process, on a free loopback port, its
// files in a temporary folder): the photo storage's S3 path is tested against it, as a bucket.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll } from 'vitest';

export type TestS3 = {
  /** S3_* settings for buildTestApp's env (S3_PUBLIC_URL left out: the app serves the files). */
  env: Record<string, string>;
  bucket: string;
  /** An object's address on the server, path-style (s3rver reads unsigned GETs). */
  objectUrl(key: string): string;
  close(): Promise<void>;
};

/** s3rver's own credentials: it checks signatures made with them. */
const CREDENTIALS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

/** Starts the server with an empty bucket; it stops with the test file (afterAll) if not before. */
export async function startTestS3(bucket = 'kerbside-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await server.close();
    fs.rmSync(directory, { recursive: true, force: true });
  };
  afterAll(close);
  return {
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', ...CREDENTIALS },
    bucket,
    objectUrl: (key) => `${endpoint}/${bucket}/${key}`,
    close,
  };
}
