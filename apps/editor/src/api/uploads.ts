import { FILES_API, fileMessages, type FileView, type UploadResult } from '@site/page-content';
import { writeHeaders } from './http';

/** A refused or broken upload, titled as the spec pairs its messages. */
export class UploadError extends Error {
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * Sends one file as multipart form data. XMLHttpRequest rather than fetch: only it reports upload
 * progress, which drives the file's progress bar.
 */
export async function uploadFile(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<FileView> {
  const headers = await writeHeaders();
  const form = new FormData();
  form.append('file', file, file.name);
  return new Promise<FileView>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', FILES_API.files);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    const broken = () => reject(new UploadError(fileMessages.errorUploading, fileMessages.uploadIncomplete));
    xhr.onerror = broken;
    xhr.onabort = broken;
    xhr.onload = () => {
      let body: Partial<UploadResult> & { error?: { title?: string; message?: string } } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // A proxy's error page: the generic message below says what happened.
      }
      const uploaded = body.files?.[0];
      if (xhr.status === 201 && uploaded) return resolve(uploaded);
      const clear = xhr.status < 500 && body.error?.message;
      reject(
        new UploadError(
          body.error?.title ?? fileMessages.unableToUpload,
          clear ? body.error!.message! : fileMessages.uploadProblem,
        ),
      );
    };
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
