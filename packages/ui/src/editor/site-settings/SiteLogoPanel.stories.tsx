import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SiteLogoPanel } from './SiteLogoPanel';

// A wide wordmark drawn inline, so the story needs no server.
const wordmark = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="120"><rect width="480" height="120" rx="16" fill="#1d4e89"/><text x="240" y="78" font-family="Georgia" font-size="56" fill="#fff" text-anchor="middle">Harbour</text></svg>',
)}`;

const meta = {
  title: 'Editor/Site settings/SiteLogoPanel',
  component: SiteLogoPanel,
  args: { logoUrl: null, siteTitle: 'Harbour Supply', onUpload: fn(), onRemove: fn() },
} satisfies Meta<typeof SiteLogoPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NameAsText: Story = {};
export const WithLogo: Story = { args: { logoUrl: wordmark } };
export const Loading: Story = { args: { logoUrl: undefined } };
export const Uploading: Story = { args: { isBusy: true } };
export const Refused: Story = {
  args: { error: 'Use a logo image at least 40 pixels tall, so it stays sharp in the header.' },
};
export const ReadOnly: Story = { args: { logoUrl: wordmark, isReadOnly: true } };
