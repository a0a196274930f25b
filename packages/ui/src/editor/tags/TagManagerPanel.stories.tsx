import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { TagManagerPanel } from './TagManagerPanel';

const tags = [
  { name: 'canvas', count: 1 },
  { name: 'notebooks', count: 2 },
  { name: 'paper', count: 1 },
  { name: 'workshop', count: 1 },
];

const meta = {
  title: 'Editor/Tags/TagManagerPanel',
  component: TagManagerPanel,
  args: { tagType: 'tag', tags, onCreate: fn(), onRename: fn(), onMerge: fn(), onRemove: fn() },
} satisfies Meta<typeof TagManagerPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Tags: Story = {};
export const Categories: Story = {
  args: {
    tagType: 'category',
    tags: [
      { name: 'Care guides', count: 1 },
      { name: 'Studio', count: 2 },
    ],
  },
};
export const ProductCategories: Story = {
  args: {
    tagType: 'category',
    items: { one: 'product', many: 'products' },
    tags: [
      { name: 'Bags', count: 2 },
      { name: 'Kitchen', count: 1 },
    ],
  },
};
export const Empty: Story = { args: { tags: [] } };
export const Loading: Story = { args: { tags: [], isLoading: true } };
export const ServerError: Story = { args: { error: 'This tag already exists' } };
export const Saving: Story = { args: { isPending: true } };
export const ReadOnly: Story = { args: { isReadOnly: true } };
