import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PhoneOrder } from './PhoneOrder';

const meta = {
  title: 'Editor/PhoneOrder',
  component: PhoneOrder,
  args: {
    items: [
      { id: 'h', name: 'Heading: Our kitchen' },
      { id: 'i', name: 'Image: The dining room' },
      { id: 't', name: 'Text: Open every day from noon' },
    ],
    onMove: fn(),
  },
} satisfies Meta<typeof PhoneOrder>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Empty: Story = { args: { items: [] } };
export const JustMoved: Story = {
  args: { announcement: 'Text: Open every day from noon: position 1 of 3.' },
};
export const Disabled: Story = { args: { isDisabled: true } };
