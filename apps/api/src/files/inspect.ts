import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import { FILE_LIMITS, FILE_TYPES, fileMessages, isImageType, type FileContentType } from '@site/page-content';
import sharp, { type Metadata } from 'sharp';
import { FileError } from './errors';

export interface Inspected {
  contentType: FileContentType;
  width: number | null;
  height: number | null;
}

const startsWith = (head: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The type the first bytes prove; extensions and the browser's stated type are never trusted. */
export function sniff(head: Buffer): FileContentType | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(head, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WAVE'), 8)) return 'audio/wav';
  if (startsWith(head, ascii('OggS'))) return 'audio/ogg';
  // An MP3 opens with its ID3 tag or straight with an MPEG audio frame (11 set sync bits, layer III).
  if (startsWith(head, ascii('ID3')) || (head[0] === 0xff && ((head[1] ?? 0) & 0xe6) === 0xe2))
    return 'audio/mpeg';
  return undefined;
}

const SHARP_FORMAT: Record<string, FileContentType> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/**
 * Proves a staged upload is a supported file and an image is decodable within the pixel limit,
 * reading only its header (decoding happens later, in the background).
 */
export async function inspectUpload(path: string, name: string, size: number): Promise<Inspected> {
  if (size === 0) throw new FileError(400, 'EMPTY_FILE', fileMessages.emptyFile);
  const handle = await open(path, 'r');
  const head = Buffer.alloc(16);
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  const contentType = sniff(head);
  const extension = extname(name).slice(1).toLowerCase();
  const claimed = Object.entries(FILE_TYPES).find(([, t]) =>
    (t.extensions as readonly string[]).includes(extension),
  )?.[0];
  if (!contentType) {
    throw claimed
      ? new FileError(415, 'CONTENT_MISMATCH', fileMessages.notWhatItSays(extension))
      : new FileError(415, 'UNSUPPORTED_TYPE', fileMessages.unsupportedType);
  }
  if (claimed && claimed !== contentType)
    throw new FileError(415, 'CONTENT_MISMATCH', fileMessages.notWhatItSays(extension));
  if (!isImageType(contentType)) return { contentType, width: null, height: null };

  let meta: Metadata;
  try {
    meta = await sharp(path, { limitInputPixels: false }).metadata();
  } catch {
    throw new FileError(
      415,
      'UNREADABLE_IMAGE',
      fileMessages.notWhatItSays(extension || contentType.slice(6)),
    );
  }
  if (SHARP_FORMAT[meta.format ?? ''] !== contentType || !meta.width || !meta.height) {
    throw new FileError(
      415,
      'UNREADABLE_IMAGE',
      fileMessages.notWhatItSays(extension || contentType.slice(6)),
    );
  }
  // Every frame of an animation is decoded, so the limit counts them all (height spans the frames).
  if (meta.width * meta.height > FILE_LIMITS.maxImagePixels)
    throw new FileError(413, 'TOO_MANY_PIXELS', fileMessages.tooManyPixels);
  // The size a visitor sees: upright (EXIF rotation applied) and one frame of an animation.
  const upright = meta.autoOrient ?? meta;
  const frameHeight = meta.pageHeight ?? upright.height;
  return { contentType, width: upright.width, height: frameHeight };
}
