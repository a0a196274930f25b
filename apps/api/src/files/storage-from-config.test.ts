import { describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { storageFromConfig } from './storage-from-config';

describe('file storage chosen by configuration', () => {
  it('keeps files on disk under DATA_DIR unless S3_BUCKET is set', () => {
    const { description } = storageFromConfig(readConfig({ DATA_DIR: '/srv/site', S3_BUCKET: '' }));
    expect(description).toBe('on disk in /srv/site/files');
  });

  it('uses the bucket at an S3-compatible endpoint, path-style, when S3_BUCKET is set', async () => {
    const config = readConfig({
      S3_BUCKET: 'site-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-west-1',
      S3_PREFIX: 'prod/',
    });
    const { storage, description } = storageFromConfig(config);
    expect(description).toBe('in the bucket site-files under prod/ (127.0.0.1:9000)');
    const client = (
      storage as unknown as { client: { config: { forcePathStyle: boolean; region: () => Promise<string> } } }
    ).client;
    expect(client.config.forcePathStyle).toBe(true);
    expect(await client.config.region()).toBe('eu-west-1');
  });

  it('uses AWS S3 itself, virtual-hosted, without an endpoint', () => {
    const { storage, description } = storageFromConfig(readConfig({ S3_BUCKET: 'site-files' }));
    expect(description).toBe('in the bucket site-files (AWS us-east-1)');
    expect(
      (storage as unknown as { client: { config: { forcePathStyle: boolean } } }).client.config
        .forcePathStyle,
    ).toBe(false);
  });

  it.each([
    [{ S3_BUCKET: 'bucket', S3_ENDPOINT: 'not a url' }, 'S3_ENDPOINT'],
    [
      { S3_BUCKET: 'bucket', S3_PREFIX: '../other/' },
      'S3_PREFIX: folder names each ending in /, such as prod/',
    ],
    [{ S3_BUCKET: 'bucket', S3_PREFIX: 'prod' }, 'S3_PREFIX: folder names each ending in /, such as prod/'],
    [{ S3_BUCKET: 'ab' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'b23', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
  ])('refuses %o at start-up with a message naming the setting', (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });
});
