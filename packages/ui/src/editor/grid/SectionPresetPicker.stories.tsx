import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SectionPresetPicker } from './SectionPresetPicker';

const meta = {
  title: 'Editor/SectionPresetPicker',
  component: SectionPresetPicker,
  args: { onPick: fn() },
} satisfies Meta<typeof SectionPresetPicker>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
/** Near the page's 60 blocks: presets that would pass it are disabled and say why. */
export const NearTheLimit: Story = {
  args: {
    disabledReason: (preset) =>
      preset.key === 'newsletter' ? undefined : 'Not enough room: a page holds 60 blocks.',
  },
};
