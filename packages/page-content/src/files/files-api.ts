import { z } from 'zod';
import { STORABLE_TEXT_MESSAGE, text } from '../text';

/** The file manager's calls (ours; the spec names the panels, not the calls). */
export const FILES_API = {
  files: '/api/editor/files',
  file: (id: string) => `/api/editor/files/${encodeURIComponent(id)}`,
  /** The digital products that deliver the file to their buyers. */
  products: (id: string) => `/api/editor/files/${encodeURIComponent(id)}/products`,
  /**
   * The original for the site's editors (owner, admin, editor) only, never cached: the one way
   * they open a digital product's file, which /files/ does not serve.
   */
  original: (id: string) => `/api/editor/files/${encodeURIComponent(id)}/original`,
  /**
   * A small picture (`?format=100w` … `500w`) of an image /files/ does not serve (a digital
   * product's), for the file manager; any editor role, the original never.
   */
  preview: (id: string) => `/api/editor/files/${encodeURIComponent(id)}/preview`,
  /** Where visitors and the template engine fetch a file; `?format=500w` asks for a width. */
  asset: (id: string, name: string) => `/files/${encodeURIComponent(id)}/${encodeURIComponent(name)}`,
} as const;

/** platform.md §9: a megabyte is 1,000,000 bytes. */
export const BYTES_PER_MB = 1_000_000;

/** platform.md §9: the srcset widths the template engine asks for, smallest first. */
export const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;

/** What a person may upload, by the type its content proves (never by its extension). */
export const FILE_TYPES = {
  'image/jpeg': { label: 'JPEG', extensions: ['jpg', 'jpeg', 'jpe'] },
  'image/png': { label: 'PNG', extensions: ['png'] },
  'image/webp': { label: 'WebP', extensions: ['webp'] },
  'image/gif': { label: 'GIF', extensions: ['gif'] },
  'application/pdf': { label: 'PDF', extensions: ['pdf'] },
  // Album tracks (platform.md §3 audio items) play from the file manager's files.
  'audio/mpeg': { label: 'MP3', extensions: ['mp3'] },
  'audio/wav': { label: 'WAV', extensions: ['wav'] },
  'audio/ogg': { label: 'Ogg', extensions: ['ogg', 'oga'] },
} as const;
export type FileContentType = keyof typeof FILE_TYPES;
export const isImageType = (type: string): boolean => type.startsWith('image/');
export const isAudioType = (type: string): boolean => type.startsWith('audio/');
/** What the file list may be narrowed to: images for image pickers, audio for album tracks. */
export const FILE_KINDS = ['all', 'image', 'audio'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const FILE_STATUSES = ['processing', 'complete', 'failed', 'cancelled'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

export const FILE_LIMITS = {
  maxNameLength: 200,
  maxAltTextLength: 1_000,
  /** The default upload ceiling; the server's configuration may change it. */
  defaultMaxUploadBytes: 20 * BYTES_PER_MB,
  /** Files sent in one upload call. */
  maxFilesPerUpload: 20,
  /** Larger images could exhaust memory while decoding (a "decompression bomb"). */
  maxImagePixels: 100_000_000,
  pageSizes: [10, 25, 50] as const,
} as const;

/** "20 MB", "1.5 MB", "0.3 MB": sizes as a person reads them, 1 MB = 1,000,000 bytes. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / BYTES_PER_MB;
  const rounded = mb >= 10 ? Math.round(mb) : Math.round(mb * 10) / 10;
  return `${rounded.toLocaleString('en-US')} MB`;
}

/**
 * A file's size as a person reads it, in the same decimal units as the limit (1 KB = 1,000
 * bytes): a small image is "31 KB", never "0 MB".
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 999_500) return `${Math.round(bytes / 1000)} KB`;
  return formatMegabytes(bytes);
}

export const fileMessages = {
  // platform.md §5 and §8, verbatim.
  enterFileName: 'Please enter a file name',
  unableToRename: 'Unable to Rename File',
  renameProblem: 'There was a problem while renaming your file.',
  unableToUpload: 'Unable to Upload File',
  uploadProblem: 'There was a problem while uploading your file.',
  uploadIncomplete: 'File upload failed to complete',
  errorUploading: 'Error uploading',
  processingFailed: 'File processing failed',
  processingIncomplete: 'File processing failed to complete',
  processingCancelled: 'File processing cancelled',
  // Ours, where the spec says "not shown".
  unsupportedType: `This type of file is not supported. Upload a ${Object.values(FILE_TYPES)
    .map((t) => t.label)
    .join(', ')
    .replace(/, (\w+)$/, ' or $1')} file.`,
  tooLarge: (maxBytes: number) => `This file is too large. The maximum size is ${formatMegabytes(maxBytes)}.`,
  emptyFile: 'This file is empty.',
  storageFull: 'There is no room left to store files right now. Nothing was saved; try again later.',
  notWhatItSays: (extension: string) =>
    `This file's content is not a .${extension} file. Check the file and upload it again.`,
  tooManyPixels:
    'This image has too many pixels to process. Resize it below 100 megapixels and upload it again.',
  noFiles: 'Choose at least one file to upload.',
  tooManyFiles: `Upload at most ${FILE_LIMITS.maxFilesPerUpload} files at a time.`,
  badNameCharacters: 'A file name cannot contain slashes or control characters.',
  unableToUpdate: 'Unable to Update File',
  staleFile:
    'This file was changed in another window after you opened it. Your change was not saved: reload to see the file, then try again.',
  fileNotFound: 'This file no longer exists. It may have been deleted in another window.',
  unableToOpen: 'Unable to Open File',
  originalForEditors: 'Only the site’s owner and editors can open the original of a file here.',
  deleteWarning: (name: string) =>
    `“${name}” will be deleted permanently from your site. This cannot be undone.`,
  processing: 'Processing…',
  pageRange: (first: number, last: number, total: number) => `${first}-${last} of ${total} items`,
} as const;

// Path separators and C0/C1 control characters: a name is shown and sent in URLs, never a path.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const BAD_NAME = /[/\\\u0000-\u001f\u007f-\u009f]/;

export const fileNameSchema = text(FILE_LIMITS.maxNameLength)
  .trim()
  .min(1, fileMessages.enterFileName)
  .refine((name) => !BAD_NAME.test(name), fileMessages.badNameCharacters)
  .refine((name) => name !== '.' && name !== '..', fileMessages.badNameCharacters)
  // U+FFFD is what a decoder leaves where bytes were not UTF-8: the name arrived broken.
  .refine((name) => !name.includes('\uFFFD'), STORABLE_TEXT_MESSAGE);

export const focalPointSchema = z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) });
export type FocalPoint = z.infer<typeof focalPointSchema>;

export const updateFileSchema = z
  .object({
    version: z.number().int().min(0),
    name: fileNameSchema.optional(),
    altText: text(FILE_LIMITS.maxAltTextLength).optional(),
    mediaFocalPoint: focalPointSchema.optional(),
  })
  .strict();
export type UpdateFile = z.input<typeof updateFileSchema>;

export const listFilesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** Images only for the image pickers; audio only for an album's tracks. */
  kind: z.enum(FILE_KINDS).default('all'),
});

/** A file as the editor and the template engine's image formatters see it (platform.md §3). */
export interface FileView {
  id: string;
  name: string;
  contentType: string;
  size: number;
  status: FileStatus;
  version: number;
  createdAt: string;
  /** The original, with the version in the URL so it may be cached for ever. */
  assetUrl: string;
  /**
   * Where the editor shows the file from (`?format=100w` for a thumbnail): its public address, or
   * the guarded preview when a digital product delivers it and /files/ answers 404.
   */
  previewUrl: string;
  /** "WxH" of the original image; empty for other files. */
  originalSize: string;
  mediaFocalPoint: FocalPoint;
  altText: string;
  /** Hex averages (no #) of the four corners and the centre, once processed. */
  colorData: ColorData | null;
  /** "WxH,100w,300w,…" as the template engine's image-srcset reads it, once processed. */
  systemDataVariants: string;
}

/** A digital product delivering a file, as the file manager names it. */
export interface FileProductView {
  id: string;
  title: string;
  enabled: boolean;
}

export interface ColorData {
  topLeftAverage: string;
  topRightAverage: string;
  bottomLeftAverage: string;
  bottomRightAverage: string;
  centerAverage: string;
}

export interface FileList {
  items: FileView[];
  total: number;
  offset: number;
  limit: number;
  /** The server's upload ceiling, so the editor can refuse a large file before sending it. */
  maxUploadBytes: number;
}

export interface UploadResult {
  files: FileView[];
}
