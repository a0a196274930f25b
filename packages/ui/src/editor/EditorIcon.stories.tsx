import type { Meta, StoryObj } from '@storybook/react-vite';
import { EditorIcon, type EditorIconName } from './EditorIcon';

const names: EditorIconName[] = ['up', 'down', 'duplicate', 'remove', 'undo', 'redo', 'back', 'more', 'drag'];
const meta = {
  title: 'Editor/EditorIcon',
  component: EditorIcon,
  args: { name: 'duplicate' },
} satisfies Meta<typeof EditorIcon>;
export default meta;
type Story = StoryObj<typeof meta>;

export const One: Story = {};
export const All: Story = {
  render: () => (
    <ul style={{ display: 'flex', gap: 16, listStyle: 'none' }}>
      {names.map((n) => (
        <li key={n}>
          <EditorIcon name={n} size={24} /> {n}
        </li>
      ))}
    </ul>
  ),
};
