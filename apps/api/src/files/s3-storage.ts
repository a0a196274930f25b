import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { FileStorage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  /** Prepended to every key (`sites/` → `sites/<site>/<file>/original`), so a bucket can be shared. */
  prefix?: string;
  /** An S3-compatible service's address (MinIO, R2, Ceph…); unset, AWS S3 in `region`. */
  endpoint?: string;
  region?: string;
  /** Bucket in the path rather than the host name, which most S3-compatible services need. */
  forcePathStyle?: boolean;
  /** Credentials are left to the SDK's standard chain (AWS_ACCESS_KEY_ID, profiles, roles) unless given. */
  credentials?: S3ClientConfig['credentials'];
}

const missing = (error: unknown) =>
  error instanceof NoSuchKey ||
  (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

/**
 * File bytes in an S3-compatible bucket. A PutObject is all-or-nothing (the object appears only
 * once it is complete), which gives the interface's promise without a temporary key; a stream is
 * read into memory first because PutObject needs its length, and uploads are bounded by
 * MAX_UPLOAD_MB (image processing holds an original in memory all the same).
 */
export function createS3Storage(options: S3StorageOptions): FileStorage & { client: S3Client } {
  const client = new S3Client({
    region: options.region ?? 'us-east-1',
    ...(options.endpoint && { endpoint: options.endpoint }),
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    ...(options.credentials && { credentials: options.credentials }),
  });
  const Bucket = options.bucket;
  const prefix = options.prefix ?? '';
  const keyOf = (key: string) => {
    // Keys are built by the API, never taken from a request; this guards against a future slip.
    if (key.split('/').some((part) => part === '' || part === '.' || part === '..'))
      throw new Error(`invalid storage key ${key}`);
    return prefix + key;
  };
  return {
    client,
    async put(key, body) {
      const bytes = Buffer.isBuffer(body) ? body : await buffer(body);
      await client.send(
        new PutObjectCommand({ Bucket, Key: keyOf(key), Body: bytes, ContentLength: bytes.length }),
      );
    },
    async get(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    },
    async stream(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        if (!(answer.Body instanceof Readable))
          throw new Error('the S3 client answered without a Node stream');
        return { body: answer.Body, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers a delete of a missing key with success, as the interface asks.
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
  };
}
