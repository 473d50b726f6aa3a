import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The fake S3 server's fixed keys (it checks request signatures against them). */
export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * An S3-compatible server for tests (s3rver) on a free port of 127.0.0.1, with the given buckets,
 * its files in a temporary directory removed on close.
 */
export async function startS3(buckets: string[]): Promise<{ endpoint: string; close(): Promise<void> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'exship-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: buckets.map((name) => ({ name, configs: [] })) });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
