import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { LIMITS, messages, type GalleryItem } from '@site/page-content';
import { GalleryMediaField, type GalleryMediaSources } from './GalleryMediaField';

const caption = { alt: '', title: '', description: '' };
const items: GalleryItem[] = [
  { type: 'imageEmpty', ...caption, title: 'Spring lookbook (to shoot)' },
  { type: 'imageFile', src: '/assets/demo/tote.svg', ...caption, alt: 'Waxed canvas tote' },
  { type: 'imageReused', src: '/assets/demo/notebook.svg', source: 'Product: Field notebooks', ...caption },
  { type: 'assetReused', fileId: 'f1', ...caption },
  {
    type: 'imageLicensed',
    src: '/assets/demo/shirt.svg',
    creator: 'Jane Doe',
    sourceUrl: 'https://unsplash.com/photos/abc',
    licence: 'Unsplash License',
    licenceUrl: 'https://unsplash.com/license',
    creditRequired: true,
    ...caption,
    alt: 'Linen shirt on a hook',
  },
  { type: 'video', url: 'https://vimeo.com/76979871', poster: '', ...caption, title: 'Workshop tour' },
];
const sources: GalleryMediaSources = {
  siteImages: {
    items: [
      { src: '/assets/demo/shirt.svg', alt: 'Linen work shirt', source: 'Page: Home' },
      { src: '/assets/demo/notebook.svg', alt: 'Field notebooks', source: 'Product: Field notebooks' },
    ],
  },
  libraryFiles: { items: [{ id: 'f1', name: 'tote.svg', url: '/assets/demo/tote.svg', altText: 'Tote' }] },
  lookUpVideo: (url) => Promise.resolve({ url, host: 'vimeo', title: 'Workshop tour', poster: '' }),
};

const meta = {
  title: 'Editor/GalleryMediaField',
  component: GalleryMediaField,
  args: {
    label: 'Images and videos',
    value: items,
    maxItems: LIMITS.maxGalleryImages,
    sources,
    onChange: fn(),
  },
} satisfies Meta<typeof GalleryMediaField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const EveryMediaType: Story = {};
export const Empty: Story = { args: { value: [] } };
export const Full: Story = {
  args: { value: Array.from({ length: LIMITS.maxGalleryImages }, () => items[1]!) },
};
export const Loading: Story = {
  args: { sources: { ...sources, siteImages: { items: [], isLoading: true } } },
};
export const LoadError: Story = {
  args: { sources: { ...sources, libraryFiles: { items: [], isError: true } } },
};
/** The lookup refuses a basic-tier account's video (platform.md §5). */
export const VideoRefused: Story = {
  args: { sources: { ...sources, lookUpVideo: () => Promise.reject(new Error(messages.videoBasicTier)) } },
};
/** A licensed picture whose licence asks for credit, without a name for it: the inspector says what is missing. */
export const LicensedMissingCredit: Story = {
  args: {
    value: [
      {
        type: 'imageLicensed',
        src: '/assets/demo/tote.svg',
        creator: '',
        sourceUrl: 'unsplash.com/photos/abc',
        licence: 'CC BY 4.0',
        licenceUrl: '',
        creditRequired: true,
        ...caption,
      },
    ],
  },
};
