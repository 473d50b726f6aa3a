import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { isStorageKey, type Storage } from './storage';

// Files on S3-compatible storage (AWS S3, MinIO, Ceph, R2…), shared by every server process: a label
// bought on one host downloads from another. STORAGE_URL names the bucket and where it lives:
//   s3://bucket[/prefix]?region=eu-west-1[&endpoint=http://minio:9000&forcePathStyle=true]
// Credentials are never in the URL: AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, or whatever the AWS
// SDK's default chain finds (an instance or task role, a profile).

export interface S3Location {
  bucket: string;
  /** Key prefix inside the bucket ('' or ending in '/'). */
  prefix: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
}

/** Parses STORAGE_URL; throws an Error whose message says what is wrong (never echoing secrets). */
export function parseStorageUrl(raw: string): S3Location {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('must be a URL such as s3://bucket?region=us-east-1');
  }
  if (url.protocol !== 's3:') throw new Error('must start with s3://');
  if (url.username || url.password) throw new Error('must not carry credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error('must name a bucket (3–63 lower-case letters, digits, dots, hyphens): s3://bucket');
  const prefix = url.pathname.replace(/^\/+|\/+$/g, '');
  if (prefix && !/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(prefix)) throw new Error('has an invalid key prefix (letters, digits, _ and - between slashes)');
  const known = new Set(['region', 'endpoint', 'forcePathStyle']);
  for (const name of url.searchParams.keys()) if (!known.has(name)) throw new Error(`has an unknown parameter ${name} (known: region, endpoint, forcePathStyle)`);
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint && !/^https?:\/\/[^/?#]+\/?$/.test(endpoint)) throw new Error('endpoint must be an http(s) origin such as http://minio:9000');
  const style = url.searchParams.get('forcePathStyle');
  if (style !== null && style !== 'true' && style !== 'false') throw new Error('forcePathStyle must be true or false');
  return {
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    region: url.searchParams.get('region') ?? 'us-east-1',
    endpoint,
    // A custom endpoint (MinIO and the like) usually serves buckets by path, not by host name.
    forcePathStyle: style === null ? !!endpoint : style === 'true',
  };
}

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

export class S3Storage implements Storage {
  private readonly client: S3Client;

  constructor(
    private readonly where: S3Location,
    credentials?: { accessKeyId: string; secretAccessKey: string },
  ) {
    this.client = new S3Client({
      region: where.region,
      endpoint: where.endpoint,
      forcePathStyle: where.forcePathStyle,
      ...(credentials ? { credentials } : {}),
      // Fail over to the caller quickly rather than hold a request for the SDK's long defaults.
      maxAttempts: 3,
    });
  }

  private objectKey(key: string): string {
    if (!isStorageKey(key)) throw new Error(`invalid storage key ${key}`);
    return this.where.prefix + key;
  }

  /** Start-up check: the bucket exists and these credentials may use it. */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.where.bucket }));
  }

  async put(key: string, data: Buffer): Promise<void> {
    // An object appears whole or not at all: no half-written file is ever read.
    await this.client.send(new PutObjectCommand({ Bucket: this.where.bucket, Key: this.objectKey(key), Body: data, ContentLength: data.length }));
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.where.bucket, Key: this.objectKey(key) }));
      return Buffer.from(await res.Body!.transformToByteArray());
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async stream(key: string): Promise<Readable | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.where.bucket, Key: this.objectKey(key) }));
      return res.Body as Readable;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    // Deleting a missing object succeeds on S3, as rm --force does on disk.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.where.bucket, Key: this.objectKey(key) }));
  }

  close(): void {
    this.client.destroy();
  }
}
