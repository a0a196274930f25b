import type { Config } from '../config';
import { createS3Storage } from './s3-storage';
import { createDiskStorage, type FileStorage } from './storage';

/** The one storage the configuration names: the S3 bucket when S3_BUCKET is set, else DATA_DIR/files. */
export function storageFromConfig(config: Config): { storage: FileStorage; description: string } {
  if (!config.S3_BUCKET)
    return { storage: createDiskStorage(config.filesDir), description: `on disk in ${config.filesDir}` };
  const storage = createS3Storage({
    bucket: config.S3_BUCKET,
    prefix: config.S3_PREFIX,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
  const where = config.S3_ENDPOINT ? new URL(config.S3_ENDPOINT).host : `AWS ${config.S3_REGION}`;
  return {
    storage,
    description: `in the bucket ${config.S3_BUCKET}${config.S3_PREFIX ? ` under ${config.S3_PREFIX}` : ''} (${where})`,
  };
}
