import type { Meta, StoryObj } from '@storybook/react-vite';
import { SearchResultPreview } from './SearchResultPreview';

const meta = {
  title: 'Editor/SEO/SearchResultPreview',
  component: SearchResultPreview,
  args: {
    title: 'Our story — Harbour Supply',
    url: 'harbour.example/about',
    description: 'Canvas, paper and tools made by hand in Portland since 1990.',
  },
} satisfies Meta<typeof SearchResultPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const NoDescription: Story = { args: { description: '' } };
export const LongText: Story = {
  args: {
    title: 'A very long page title that goes on well past what a search engine would show in one line',
    description:
      'A description written without a thought for length, which keeps going and going, past the hundred and sixty characters a search engine shows under the title, so the end is cut.',
  },
};
export const Hidden: Story = { args: { hidden: true } };
