import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import '../editor.css';
import { ProductTagsPanel } from './ProductTagsPanel';
import { sampleKnownNames } from './sample-store';

const meta = {
  title: 'Editor/Store/Product tags',
  component: ProductTagsPanel,
  args: {
    value: { tags: ['print', 'gift idea'], categories: ['Prints'] },
    known: sampleKnownNames,
    onChange: () => {},
  },
  render: function Render(args) {
    const [value, setValue] = useState(args.value);
    return <ProductTagsPanel {...args} value={value} onChange={setValue} />;
  },
} satisfies Meta<typeof ProductTagsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Chosen: Story = {};
export const Empty: Story = {
  args: { value: { tags: [], categories: [] }, known: { tags: [], categories: [] } },
};
export const LoadingNames: Story = { args: { known: undefined, isLoading: true } };
export const NamesFailed: Story = { args: { known: undefined, error: 'Unable to load. Try again.' } };
export const Disabled: Story = { args: { isDisabled: true } };
