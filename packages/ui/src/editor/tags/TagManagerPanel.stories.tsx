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
  title: 'Editor/Blog/TagManagerPanel',
  component: TagManagerPanel,
  args: { tagType: 'tag', tags, onCreate: fn(), onRename: fn(), onMerge: fn(), onRemove: fn() },
} satisfies Meta<typeof TagManagerPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Tags: Story = {};
export const Categories: Story = { args: { tagType: 'category', tags: [{ name: 'Care guides', count: 1 }, { name: 'Studio', count: 2 }] } };
export const Empty: Story = { args: { tags: [] } };
export const ServerError: Story = { args: { error: 'This tag already exists' } };
export const Saving: Story = { args: { isPending: true } };
export const ReadOnly: Story = { args: { isReadOnly: true } };
