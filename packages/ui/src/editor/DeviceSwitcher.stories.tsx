import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { DeviceSwitcher } from './DeviceSwitcher';

const meta = {
  title: 'Editor/DeviceSwitcher',
  component: DeviceSwitcher,
  args: { value: 'desktop', onChange: fn() },
} satisfies Meta<typeof DeviceSwitcher>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {};
export const Phone: Story = { args: { value: 'phone' } };
export const Disabled: Story = { args: { isDisabled: true } };
export const Wide: Story = { args: { value: 'wide' } };
/** A screen whose preview cannot show every view offers only those it can. */
export const SomeViews: Story = { args: { views: ['desktop', 'tablet', 'phone'] } };
