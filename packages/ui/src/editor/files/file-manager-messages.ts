import { FILE_TYPES, formatMegabytes } from '@site/page-content';

/** The file manager's own labels (platform.md §2 names its panels; the spec's errors live in @site/page-content). */
export const fileManagerMessages = {
  existingFiles: 'Existing Files',
  fileDetail: 'File Detail',
  uploadFile: 'Upload File',
  rename: 'Rename',
  delete: 'Delete',
  cancel: 'Cancel',
  loadMore: 'Load More',
  rowsPerPage: 'Rows per page',
  fileName: 'File name',
  altText: 'Alt text (describes the image for screen readers)',
  focalPoint: 'Focal point',
  focalPointHelp:
    'Click the part of the image that must stay in view when it is cropped, or use the arrow keys.',
  focalPointValue: (x: number, y: number) =>
    `${Math.round(x * 100)}% from the left, ${Math.round(y * 100)}% from the top`,
  saveDetails: 'Save details',
  saving: 'Saving…',
  deleting: 'Deleting…',
  deleteTitle: (name: string) => `Delete “${name}”?`,
  noFiles: 'No files yet',
  noFilesBody: 'Upload images for your pages, or PDFs to link to.',
  noSelection: 'Select a file to see its details.',
  loading: 'Loading files…',
  retry: 'Try again',
  dropHere: 'Drop files here',
  uploadHint: (maxBytes: number) =>
    `${Object.values(FILE_TYPES)
      .map((t) => t.label)
      .join(', ')} up to ${formatMegabytes(maxBytes)} each. Several at once are fine.`,
  uploaded: 'Uploaded',
  dismiss: (name: string) => `Dismiss ${name}`,
  readOnly: 'Your role can look at files but not change them.',
  dimensions: (size: string) => size.replace('x', ' × '),
  choose: 'Use this file',
  deliveredBy: 'Delivered to buyers of',
  deliveredPrivately:
    'Buyers get this file through the download link of their order; it is not public on the site.',
  hiddenProduct: (title: string) => `${title} (hidden)`,
  downloadOriginal: 'Download file',
} as const;
