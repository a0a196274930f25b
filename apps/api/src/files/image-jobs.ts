import type { JobQueue } from '../jobs';

/** Image processing off the request path: queued by file id, run one image at a time. */
export interface ImageJobs {
  enqueue(fileId: string): void;
  /** Stops taking work and waits for the image in hand. */
  close(): Promise<void>;
}

type Work = (fileId: string) => Promise<unknown>;
type OnError = (error: unknown, fileId: string) => void;

export const IMAGE_JOB = 'process-image';

/**
 * On the durable job queue: an image survives a restart, and a failure of the machinery (not of
 * the image, which ends `failed`) is retried with backoff.
 */
export async function createQueuedImageJobs(
  queue: JobQueue,
  work: Work,
  onError: OnError,
): Promise<ImageJobs> {
  await queue.work<{ fileId: string }>(IMAGE_JOB, async (job) => {
    await work(job.payload.fileId);
  });
  return {
    enqueue(fileId) {
      queue
        .enqueue(IMAGE_JOB, { fileId }, { singletonKey: fileId })
        .catch((error: unknown) => onError(error, fileId));
    },
    // The queue's owner stops it; its running handler is waited for there.
    close: async () => undefined,
  };
}

/**
 * In this process, for a server started without a job queue: a restart loses only the queue, and
 * files still marked `processing` are queued again when the server starts.
 */
export function createLocalImageJobs(work: Work, onError: OnError): ImageJobs {
  let chain: Promise<void> = Promise.resolve();
  let closed = false;
  return {
    enqueue(fileId) {
      if (closed) return;
      chain = chain.then(async () => {
        if (closed) return;
        try {
          await work(fileId);
        } catch (error) {
          onError(error, fileId);
        }
      });
    },
    close() {
      closed = true;
      return chain;
    },
  };
}
