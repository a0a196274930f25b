import { fileMessages, messages } from '@site/page-content';
import type { FastifyReply } from 'fastify';

/**
 * A refused file call: `title` and `message` are what the editor shows, as the spec pairs them
 * ('Unable to Upload File' over the reason).
 */
export class FileError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly title: string = fileMessages.unableToUpload,
    readonly path: string[] = [],
  ) {
    super(message);
    this.name = 'FileError';
  }
}

export const uploadIncomplete = () => new FileError(400, 'UPLOAD_INCOMPLETE', fileMessages.uploadIncomplete);
/** The disk (or quota) is full: the server's trouble, not the upload's, and nothing was kept. */
export const storageFull = () => new FileError(507, 'STORAGE_FULL', fileMessages.storageFull);
export const isStorageFull = (error: unknown) =>
  ['ENOSPC', 'EDQUOT'].includes((error as { code?: string } | undefined)?.code ?? '');
export const fileNotFound = () =>
  new FileError(404, 'FILE_NOT_FOUND', fileMessages.fileNotFound, messages.unableToLocateContent);

export function sendFileError(reply: FastifyReply, error: FileError): FastifyReply {
  return reply.status(error.statusCode).send({
    error: {
      code: error.code,
      title: error.title,
      message: error.message,
      ...(error.path.length > 0 && { issues: [{ path: error.path, message: error.message }] }),
    },
  });
}
