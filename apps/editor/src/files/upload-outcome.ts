import { fileMessages, type FileView } from '@site/page-content';
import type { UploadItem } from '@site/ui';

/** An upload the server took; an image's processing is still to come. */
export type TrackedUpload = UploadItem & { fileId?: string };

/**
 * The upload row once the file's background processing has ended (platform.md §4: it completes,
 * fails or is cancelled): a failure reads as the spec words it (§8), since the owner's image
 * arrived but its sizes never will and the row's "Uploaded" would say all is well.
 */
export function withProcessingOutcome(
  upload: TrackedUpload,
  file: Pick<FileView, 'id' | 'status'> | undefined,
): UploadItem {
  const { fileId, ...item } = upload;
  if (item.state !== 'done' || !file || file.id !== fileId) return item;
  if (file.status === 'failed')
    return {
      ...item,
      state: 'error',
      error: { title: fileMessages.processingFailed, message: fileMessages.processingIncomplete },
    };
  if (file.status === 'cancelled')
    return {
      ...item,
      state: 'error',
      error: { title: fileMessages.processingCancelled, message: fileMessages.processingIncomplete },
    };
  return item;
}
