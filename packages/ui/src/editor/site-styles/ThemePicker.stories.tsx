import type { Meta, StoryObj } from '@storybook/react-vite';
import { themeSummaries } from '@site/page-content';
import { fn } from 'storybook/test';
import '../editor.css';
import { ThemePicker } from './ThemePicker';

const meta = {
  title: 'Editor/ThemePicker',
  component: ThemePicker,
  args: {
    themes: themeSummaries(),
    state: 'ready',
    current: 'fieldnotes',
    previousTheme: null,
    onPreview: fn(),
    onApply: fn(),
    onUndo: fn(),
    onRetry: fn(),
  },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof ThemePicker>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {};
export const Previewing: Story = { args: { previewing: 'market' } };
export const JustChanged: Story = { args: { current: 'market', previousTheme: 'fieldnotes' } };
export const Applying: Story = { args: { isPending: true, previewing: 'market' } };
export const Failed: Story = { args: { error: 'The theme could not be changed. Try again.' } };
export const Loading: Story = { args: { themes: undefined, state: 'loading' } };
export const LoadError: Story = { args: { themes: undefined, state: 'error' } };
export const ReadOnly: Story = { args: { isDisabled: true } };
