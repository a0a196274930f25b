import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { CreateBucketCommand, HeadBucketCommand } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { createS3Storage } from './s3-storage';
import { createDiskStorage, type FileStorage } from './storage';

/**
 * What every FileStorage promises, run against the disk always and against an S3-compatible
 * bucket when S3_TEST_ENDPOINT is set (S3_TEST_BUCKET, default `site-files-test`, is created if
 * missing; credentials from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY). Each run writes under a
 * fresh prefix and removes what it wrote.
 */
interface Target {
  name: string;
  open(): Promise<{ storage: FileStorage; close(): void }>;
}

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

const targets: Target[] = [
  {
    name: 'disk',
    async open() {
      const root = mkdtempSync(join(tmpdir(), 'site-storage-'));
      roots.push(root);
      return { storage: createDiskStorage(root), close: () => undefined };
    },
  },
];

const endpoint = process.env.S3_TEST_ENDPOINT;
if (endpoint) {
  targets.push({
    name: `S3 at ${endpoint}`,
    async open() {
      const bucket = process.env.S3_TEST_BUCKET ?? 'site-files-test';
      const storage = createS3Storage({
        bucket,
        endpoint,
        region: process.env.S3_TEST_REGION ?? 'us-east-1',
        prefix: `contract-${randomUUID()}/`,
      });
      try {
        await storage.client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch {
        await storage.client.send(new CreateBucketCommand({ Bucket: bucket }));
      }
      return { storage, close: () => storage.client.destroy() };
    },
  });
}

/** A stream that gives some bytes and then fails, as a cut-off upload does. */
const brokenStream = () =>
  new Readable({
    read() {
      this.push(Buffer.from('half of a file'));
      this.destroy(new Error('connection reset'));
    },
  });

describe.each(targets)('file storage contract on $name', (target) => {
  const key = (name = 'original') => `site-a/${randomUUID()}/${name}`;
  let storage: FileStorage;
  let close: () => void = () => undefined;

  it('opens', async () => {
    ({ storage, close } = await target.open());
  });
  afterAll(() => close());

  it('gives back the bytes it was given, whole or streamed, with their length', async () => {
    const k = key();
    const bytes = randomBytes(2_500_000);
    await storage.put(k, bytes);
    expect((await storage.get(k)).equals(bytes)).toBe(true);
    const streamed = (await storage.stream(k))!;
    expect(streamed.size).toBe(bytes.length);
    expect((await buffer(streamed.body)).equals(bytes)).toBe(true);
    await storage.delete(k);
  });

  it('takes a stream as well as a buffer', async () => {
    const k = key('300w');
    await storage.put(k, Readable.from([Buffer.from('first '), Buffer.from('second')]));
    expect((await storage.get(k)).toString()).toBe('first second');
    await storage.delete(k);
  });

  it('replaces what a key held', async () => {
    const k = key();
    await storage.put(k, Buffer.from('old'));
    await storage.put(k, Buffer.from('new'));
    expect((await storage.get(k)).toString()).toBe('new');
    await storage.delete(k);
  });

  it('answers undefined for a key that holds nothing, and get refuses it', async () => {
    const k = key();
    expect(await storage.stream(k)).toBeUndefined();
    await expect(storage.get(k)).rejects.toThrow();
  });

  it('deletes, and deleting a missing key is not an error', async () => {
    const k = key();
    await storage.put(k, Buffer.from('bytes'));
    await storage.delete(k);
    expect(await storage.stream(k)).toBeUndefined();
    await expect(storage.delete(k)).resolves.toBeUndefined();
  });

  it('leaves nothing behind when a write fails midway, and keeps what the key held before', async () => {
    const fresh = key();
    await expect(storage.put(fresh, brokenStream())).rejects.toThrow();
    expect(await storage.stream(fresh)).toBeUndefined();

    const kept = key();
    await storage.put(kept, Buffer.from('the good copy'));
    await expect(storage.put(kept, brokenStream())).rejects.toThrow();
    expect((await storage.get(kept)).toString()).toBe('the good copy');
    await storage.delete(kept);
  });

  it.each(['../outside', 'site-a/../../outside', '/absolute'])(
    'refuses a key that would leave its place: %s',
    async (bad) => {
      await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
    },
  );
});
