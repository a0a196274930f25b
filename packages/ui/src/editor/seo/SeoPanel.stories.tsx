import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { SeoPanel, type SeoPanelProps, type SeoValue } from './SeoPanel';

const EMPTY: SeoValue = { title: '', description: '', socialImage: '', noindex: false };

// The panel is controlled: the story keeps what the owner types so the previews follow it.
function Live(props: SeoPanelProps) {
  const [value, setValue] = useState(props.value);
  return <SeoPanel {...props} value={value} onChange={(patch) => setValue((v) => ({ ...v, ...patch }))} />;
}

const meta = {
  title: 'Editor/SEO/SeoPanel',
  component: SeoPanel,
  render: (args) => <Live {...args} />,
  args: {
    value: EMPTY,
    onChange: () => {},
    noun: 'product',
    url: 'harbour.example/shop/p/canvas-tote',
    fallback: {
      title: 'Waxed Canvas Tote — Harbour Supply',
      description: 'Hard-wearing waxed canvas with leather handles.',
      image: '/assets/demo/tote.svg',
    },
  },
} satisfies Meta<typeof SeoPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing set: the previews show the product's own title, summary and picture. */
export const Empty: Story = {};
export const Filled: Story = {
  args: {
    value: {
      title: 'Waxed tote bag, handmade in Portland',
      description: 'A tote for every day, waxed by hand and built to last a decade of market runs.',
      socialImage: '/assets/demo/tote.svg',
      noindex: false,
    },
  },
};
/** Past what search engines show: both previews cut the text with an ellipsis. */
export const LongText: Story = {
  args: {
    value: {
      ...EMPTY,
      title: 'A very long product title that goes on well past what a search engine would show in one line',
      description:
        'A description written without a thought for length, which keeps going and going, past the hundred and sixty characters a search engine shows under the title, so the end is cut.',
    },
  },
};
export const NoPicture: Story = {
  args: { noun: 'post', fallback: { title: 'Caring for waxed canvas — Harbour Supply', description: '' } },
};
export const Hidden: Story = { args: { value: { ...EMPTY, noindex: true } } };
export const Errors: Story = {
  args: {
    value: { ...EMPTY, socialImage: 'javascript:alert(1)' },
    errors: {
      socialImage:
        'Enter the full address of an image (https://…) or a path on this site such as /s/photo.jpg.',
    },
  },
};
export const Loading: Story = { args: { loading: true } };
export const LoadError: Story = { args: { loadError: 'Could not load the product. Try again.' } };
export const Disabled: Story = { args: { disabled: true } };
