import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import '../editor.css';
import { messages, type PhotoFeedStatus } from '@site/page-content';
import { PhotoFeedField } from './PhotoFeedField';

const url = 'https://www.flickr.com/services/feeds/photos_public.gne?id=12345@N00';
const filled: PhotoFeedStatus = {
  url,
  items: [
    {
      title: 'Harbour at dawn',
      src: '/assets/demo/tote.svg',
      link: 'https://flickr.com/p/1',
      credit: 'Jane Doe',
    },
    { title: 'Field notebooks', src: '/assets/demo/notebook.svg', link: '', credit: '' },
    { title: '', src: '/assets/demo/shirt.svg', link: '', credit: '' },
  ],
  fetchedAt: '2026-11-29T18:00:00.000Z',
  lastError: null,
  lastErrorAt: null,
};

const meta = {
  title: 'Editor/PhotoFeedField',
  component: PhotoFeedField,
  args: {
    label: 'Pictures from',
    value: { url },
    source: { status: { data: filled }, fetchNow: () => Promise.resolve(filled), onAddressChange: fn() },
    onChange: fn(),
  },
} satisfies Meta<typeof PhotoFeedField>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The gallery shows the owner's own pictures; the feed is one choice away. */
export const OwnItems: Story = { args: { value: null } };
export const Empty: Story = { args: { value: { url: '' }, source: { fetchNow: fn() } } };
export const Loading: Story = { args: { source: { status: { isLoading: true }, fetchNow: fn() } } };
export const Filled: Story = {};
/** The last fetch failed: the owner reads why, and visitors keep the last good pictures. */
export const Error: Story = {
  args: {
    source: {
      status: {
        data: {
          ...filled,
          lastError: messages.photoFeedMalformed,
          lastErrorAt: '2026-11-29T19:00:00.000Z',
        },
      },
      fetchNow: () => Promise.reject(new globalThis.Error(messages.photoFeedUnreachable)),
    },
  },
};
export const Disabled: Story = { args: { isReadOnly: true } };
export const InvalidAddress: Story = { args: { value: { url: 'ftp://photos.example/feed' } } };
