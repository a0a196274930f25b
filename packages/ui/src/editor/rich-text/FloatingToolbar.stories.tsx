import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { FloatingToolbar } from './FloatingToolbar';
import { EMPTY_TOOLBAR_STATE } from './RichTextToolbar';

const meta = {
  title: 'Editor/FloatingToolbar',
  component: FloatingToolbar,
  args: {
    state: EMPTY_TOOLBAR_STATE,
    onCommand: fn(),
    anchor: { top: 160, bottom: 184, left: 120, right: 360 },
    viewportWidth: 800,
  },
} satisfies Meta<typeof FloatingToolbar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Over a selected word, centred on it. */
export const AboveTheText: Story = {};
/** Text at the top of the window: the toolbar goes below it. */
export const BelowTheText: Story = { args: { anchor: { top: 10, bottom: 34, left: 40, right: 200 } } };
/** On a phone-width window it wraps and stays inside. */
export const Narrow: Story = {
  args: { viewportWidth: 320, anchor: { top: 200, bottom: 224, left: 200, right: 300 } },
};
export const WithFormatting: Story = {
  args: {
    state: {
      ...EMPTY_TOOLBAR_STATE,
      style: 'h2',
      marks: { bold: true, italic: false, underline: true, strike: false },
      link: true,
    },
  },
};
export const Disabled: Story = { args: { isDisabled: true } };
