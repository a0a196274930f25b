import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn, userEvent, within } from 'storybook/test';
import { messages } from '@site/page-content';
import { SaveAsComponent } from './SaveAsComponent';

const meta = {
  title: 'Editor/SaveAsComponent',
  component: SaveAsComponent,
  args: { blockCount: 1, onSave: fn() },
} satisfies Meta<typeof SaveAsComponent>;
export default meta;
type Story = StoryObj<typeof meta>;

const open: Story['play'] = async ({ canvasElement }) => {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Save as component' }));
};

export const Closed: Story = {};
export const Naming: Story = { args: { blockCount: 3 }, play: open };
export const Saving: Story = { args: { isSaving: true }, play: open };
export const Refused: Story = { args: { error: messages.components.tooMany(100) }, play: open };
export const Disabled: Story = { args: { isDisabled: true } };
