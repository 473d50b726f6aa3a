import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_CREDENTIALS, startS3 } from '../test/s3';
import { ConfigError, loadConfig } from './config';
import { LocalDiskStorage, openStorage, type Storage } from './storage';
import { S3Storage, parseStorageUrl } from './storage.s3';

// One contract, every Storage: what routes and jobs rely on holds on local disk and on S3 alike.

const bytes = (s: string) => Buffer.from(s);
const readAll = async (r: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
};

function storageContract(name: string, open: () => Storage) {
  describe(`Storage contract: ${name}`, () => {
    let storage: Storage;
    beforeAll(() => {
      storage = open();
    });

    it('put then get returns the same bytes; a second put replaces them', async () => {
      const binary = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 256));
      await storage.put('labels/acc-1/a.pdf', binary);
      expect((await storage.get('labels/acc-1/a.pdf'))!.equals(binary)).toBe(true);
      await storage.put('labels/acc-1/a.pdf', bytes('second'));
      expect((await storage.get('labels/acc-1/a.pdf'))!.toString()).toBe('second');
    });

    it('stream yields the stored bytes', async () => {
      await storage.put('imports/acc-1/run_errors.xlsx', bytes('workbook bytes'));
      const stream = await storage.stream('imports/acc-1/run_errors.xlsx');
      expect((await readAll(stream!)).toString()).toBe('workbook bytes');
    });

    it('a missing key is null for get and stream (the routes answer 404), and deleting it is no error', async () => {
      expect(await storage.get('labels/acc-1/none.pdf')).toBeNull();
      expect(await storage.stream('labels/acc-1/none.pdf')).toBeNull();
      await expect(storage.delete('labels/acc-1/none.pdf')).resolves.toBeUndefined();
    });

    it('delete removes the file', async () => {
      await storage.put('mockups/acc-1/m.png', bytes('png'));
      await storage.delete('mockups/acc-1/m.png');
      expect(await storage.get('mockups/acc-1/m.png')).toBeNull();
    });

    it('refuses keys that could escape their place', async () => {
      for (const key of ['../etc/passwd.txt', '/abs/x.pdf', 'a/../b.pdf', 'no-extension', 'a/b c.pdf']) {
        await expect(storage.put(key, bytes('x'))).rejects.toThrow(/invalid storage key/);
        await expect(storage.get(key)).rejects.toThrow(/invalid storage key/);
      }
    });
  });
}

let dir: string;
let s3: Awaited<ReturnType<typeof startS3>>;
const opened: S3Storage[] = [];
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exship-storage-'));
  s3 = await startS3(['exship-files', 'other-bucket']);
});
afterAll(async () => {
  for (const s of opened) s.close();
  await s3?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const s3Storage = (url: string) => {
  const s = new S3Storage(parseStorageUrl(url), S3_CREDENTIALS);
  opened.push(s);
  return s;
};

storageContract('local disk', () => new LocalDiskStorage(dir));
storageContract('S3 (s3rver)', () => s3Storage(`s3://exship-files?endpoint=${s3.endpoint}&region=us-east-1&forcePathStyle=true`));
storageContract('S3 with a key prefix', () => s3Storage(`s3://exship-files/tenant-a?endpoint=${s3.endpoint}`));

describe('S3 storage', () => {
  it('keeps files of a prefix apart from the rest of the bucket', async () => {
    const plain = s3Storage(`s3://exship-files?endpoint=${s3.endpoint}`);
    const prefixed = s3Storage(`s3://exship-files/tenant-b?endpoint=${s3.endpoint}`);
    await prefixed.put('labels/x/p.pdf', bytes('prefixed'));
    expect(await plain.get('labels/x/p.pdf')).toBeNull();
    expect((await plain.get('tenant-b/labels/x/p.pdf'))!.toString()).toBe('prefixed');
  });

  it('the start-up check passes for an existing bucket and fails for a missing one', async () => {
    await expect(s3Storage(`s3://other-bucket?endpoint=${s3.endpoint}`).check()).resolves.toBeUndefined();
    await expect(s3Storage(`s3://no-such-bucket?endpoint=${s3.endpoint}`).check()).rejects.toBeDefined();
  });

  it('openStorage picks S3 with STORAGE_URL and local disk without it', () => {
    const config = loadConfig({ STORAGE_URL: `s3://exship-files?endpoint=${s3.endpoint}`, AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' });
    const s = openStorage(config);
    expect(s).toBeInstanceOf(S3Storage);
    (s as S3Storage).close();
    expect(openStorage(loadConfig({ DATA_DIR: dir }))).toBeInstanceOf(LocalDiskStorage);
  });
});

describe('STORAGE_URL and several processes (configuration)', () => {
  it('parses bucket, prefix, region, endpoint and path style', () => {
    expect(parseStorageUrl('s3://my-bucket')).toEqual({ bucket: 'my-bucket', prefix: '', region: 'us-east-1', endpoint: undefined, forcePathStyle: false });
    expect(parseStorageUrl('s3://my-bucket/files/prod?region=eu-west-1&endpoint=http://minio:9000')).toEqual({
      bucket: 'my-bucket',
      prefix: 'files/prod/',
      region: 'eu-west-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
    });
    expect(parseStorageUrl('s3://my-bucket?endpoint=https://s3.example.com&forcePathStyle=false').forcePathStyle).toBe(false);
  });

  it('refuses a bad STORAGE_URL naming the variable, without echoing it', () => {
    for (const [url, why] of [
      ['http://bucket', /must start with s3:\/\//],
      ['s3://key:secret@bucket', /must not carry credentials/],
      ['s3://Bad_Bucket', /must name a bucket/],
      ['s3://bucket?endpoint=minio:9000', /endpoint must be/],
      ['s3://bucket?forcePathStyle=yes', /forcePathStyle must be/],
      ['s3://bucket?acl=public', /unknown parameter acl/],
    ] as const) {
      const err = (() => {
        try {
          loadConfig({ STORAGE_URL: url });
        } catch (e) {
          return e as Error;
        }
      })();
      expect(err, url).toBeInstanceOf(ConfigError);
      expect(err!.message).toMatch(/STORAGE_URL=\(hidden\)/);
      expect(err!.message).toMatch(why);
      expect(err!.message).not.toContain('secret');
    }
  });

  it('refuses local disk (and the embedded database) beside other processes', () => {
    const pg = { DATABASE_URL: 'postgres://db/exship' };
    expect(() => loadConfig({ ...pg, MULTI_PROCESS: 'true' })).toThrow(/MULTI_PROCESS=true needs STORAGE_URL/);
    expect(() => loadConfig({ ...pg, INSTANCES: '3' })).toThrow(/INSTANCES=3 needs STORAGE_URL/);
    expect(() => loadConfig({ MULTI_PROCESS: 'true', STORAGE_URL: 's3://bucket' })).toThrow(/MULTI_PROCESS=true needs DATABASE_URL/);
    expect(loadConfig({ ...pg, INSTANCES: '3', STORAGE_URL: 's3://bucket' })).toMatchObject({ multiProcess: true, storage: { location: { bucket: 'bucket' } } });
    expect(loadConfig({})).toMatchObject({ multiProcess: false, storage: undefined });
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket', AWS_ACCESS_KEY_ID: 'AKIA' })).toThrow(/AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together/);
  });
});
