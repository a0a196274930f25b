import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { messages, type WebsiteComponent } from '@site/page-content';
import { ComponentList } from './ComponentList';

const component = (over: Partial<WebsiteComponent>): WebsiteComponent => ({
  id: 'cmp-hours',
  name: 'Opening hours',
  blocks: [{ id: 'h', type: 'heading', settings: { text: 'Open daily 9 to 5', level: 2 } }],
  version: 2,
  updatedAt: '2026-11-20T10:00:00.000Z',
  usage: { pages: [], components: [] },
  ...over,
});

const meta = {
  title: 'Editor/ComponentList',
  component: ComponentList,
  args: { onEdit: fn(), onRename: fn(), onDelete: fn() },
} satisfies Meta<typeof ComponentList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const InUse: Story = {
  args: {
    components: [
      component({
        usage: {
          pages: [
            { id: 'p1', title: 'Home' },
            { id: 'p2', title: 'Visit us' },
          ],
          components: [],
        },
      }),
      component({ id: 'cmp-cta', name: 'Newsletter call to action' }),
    ],
  },
};
export const Empty: Story = { args: { components: [] } };
export const Loading: Story = { args: { components: undefined } };
export const LoadError: Story = { args: { loadError: messages.unableToLoadTryAgain, onRetry: fn() } };
export const ReadOnly: Story = { args: { components: [component({})], isReadOnly: true } };
export const DeleteRefused: Story = {
  args: { components: [component({})], error: messages.components.inUse(['Home', 'Visit us']) },
};
