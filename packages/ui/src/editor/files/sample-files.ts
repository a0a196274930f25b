import type { FileView } from '@site/page-content';

// Stories and tests have no file server: images are inline SVG, and the trailing "#" makes the
// `?format=` the components append a fragment the browser ignores.
const svg = (fill: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect width="600" height="400" fill="${fill}"/><circle cx="420" cy="160" r="90" fill="#fff8"/></svg>`)}#`;

export function sampleFile(overrides: Partial<FileView> = {}): FileView {
  const assetUrl = overrides.assetUrl ?? svg('#2f6f8f');
  return {
    id: 'file-1',
    name: 'Shop front.jpg',
    contentType: 'image/jpeg',
    size: 2_480_000,
    status: 'complete',
    version: 1,
    createdAt: '2026-03-01T10:00:00.000Z',
    assetUrl,
    previewUrl: assetUrl,
    originalSize: '3000x2000',
    mediaFocalPoint: { x: 0.5, y: 0.5 },
    altText: 'The shop front on a sunny morning',
    colorData: null,
    systemDataVariants: '3000x2000,100w,300w,500w,750w,1000w,1500w,2500w',
    ...overrides,
  };
}

export const sampleFiles: FileView[] = [
  sampleFile(),
  sampleFile({
    id: 'file-2',
    name: 'Linen shirt.png',
    contentType: 'image/png',
    assetUrl: svg('#a0522d'),
    status: 'processing',
    size: 640_000,
  }),
  sampleFile({
    id: 'file-3',
    name: 'Broken.gif',
    contentType: 'image/gif',
    assetUrl: svg('#777'),
    status: 'failed',
    size: 90_000,
  }),
  sampleFile({
    id: 'file-4',
    name: 'Price list.pdf',
    contentType: 'application/pdf',
    originalSize: '',
    systemDataVariants: '',
    size: 120_000,
    altText: '',
  }),
];
