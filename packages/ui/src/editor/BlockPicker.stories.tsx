import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { messages } from '@site/page-content';
import { BlockPicker } from './BlockPicker';

const meta = { title: 'Editor/BlockPicker', component: BlockPicker, args: { onPick: fn() } } satisfies Meta<
  typeof BlockPicker
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AllBlocks: Story = {};
export const AtTheLimit: Story = { args: { disabledReason: messages.tooManyBlocks(60) } };
export const Empty: Story = { args: { definitions: [] } };
export const WithComponents: Story = {
  args: {
    components: [
      { id: 'cmp-hours', name: 'Opening hours', blockCount: 2 },
      { id: 'cmp-cta', name: 'Newsletter call to action', blockCount: 1 },
    ],
  },
};
export const NoComponentsYet: Story = { args: { components: [] } };
