import type { Meta, StoryObj } from '@storybook/react-vite';
import '../editor.css';
import { ProductEditor } from './ProductEditor';
import { ProductPreview } from './ProductPreview';
import { sampleProductPage, sampleProducts } from './sample-store';

const noop = () => {};

const meta = {
  title: 'Editor/Store/Product preview',
  component: ProductPreview,
  args: {
    title: 'Preview of the product page: Harbour at dawn',
    html: sampleProductPage('Harbour at dawn', '$25.00'),
  },
  decorators: [
    (Story) => (
      <div style={{ height: 560, display: 'flex' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProductPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Shown: Story = {};
/** The first answer has not come yet. */
/** A site with an added language: the owner previews the translation. */
export const Languages: Story = {
  args: {
    languages: [
      { code: 'en', name: 'English' },
      { code: 'fr', name: 'Français' },
    ],
    language: 'fr',
  },
};

/** Laid out at phone width. */
export const Phone: Story = { args: { initialDevice: 'phone' } };

export const Loading: Story = { args: { html: undefined, isLoading: true } };
/** A newer draft is on its way; the page shown last stays. */
export const Updating: Story = { args: { isLoading: true } };
/** The draft cannot be shown (an empty price): the last valid page stays, the reason above it. */
export const Failed: Story = {
  args: { error: 'Type an amount in USD with digits, like 8.50.' },
};
/** Nothing valid yet: a new product without its title. */
export const FailedFirst: Story = {
  args: { html: undefined, error: 'Title: Enter a value.' },
};
/** In the product editor: beside the form on wide screens, behind Edit / Preview on narrow ones. */
export const InTheEditor: Story = {
  render: (args) => (
    <ProductEditor
      isOpen
      currency="USD"
      product={sampleProducts[0]}
      preview={<ProductPreview {...args} />}
      onSave={noop}
      onCancel={noop}
    />
  ),
};
