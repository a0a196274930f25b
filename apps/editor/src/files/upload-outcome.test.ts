import { fileMessages, type FileStatus } from '@site/page-content';
import { describe, expect, it } from 'vitest';
import { withProcessingOutcome, type TrackedUpload } from './upload-outcome';

const done: TrackedUpload = { id: 'u1', name: 'bench.jpg', progress: 1, state: 'done', fileId: 'f1' };

describe('File processing failed to complete', () => {
  it.each<[FileStatus, string | undefined, string | undefined]>([
    ['processing', undefined, undefined],
    ['complete', undefined, undefined],
    ['failed', fileMessages.processingFailed, 'File processing failed to complete'],
    ['cancelled', fileMessages.processingCancelled, 'File processing failed to complete'],
  ])('an uploaded image whose processing is %s', (status, title, message) => {
    const shown = withProcessingOutcome(done, { id: 'f1', status });
    expect(shown.state).toBe(title ? 'error' : 'done');
    expect(shown.error).toEqual(title ? { title, message } : undefined);
    expect(shown).not.toHaveProperty('fileId');
  });

  it('leaves a row alone until its own file is known, and never rewrites an upload in flight', () => {
    expect(withProcessingOutcome(done, undefined).state).toBe('done');
    expect(withProcessingOutcome(done, { id: 'other', status: 'failed' }).state).toBe('done');
    const uploading: TrackedUpload = { ...done, state: 'uploading', progress: 0.5 };
    expect(withProcessingOutcome(uploading, { id: 'f1', status: 'failed' }).state).toBe('uploading');
  });
});
