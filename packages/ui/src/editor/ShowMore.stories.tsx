import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ShowMore } from './ShowMore';

const meta = {
  title: 'Editor/ShowMore',
  component: ShowMore,
  args: { noun: 'comments', hasMore: true, onMore: fn() },
} satisfies Meta<typeof ShowMore>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {};
export const Loading: Story = { args: { isLoading: true } };
export const Failed: Story = {
  args: { error: 'The comments could not be loaded. Check your connection and try again.' },
};
export const Disabled: Story = { args: { disabled: true } };
/** A list whose rows need no name: the button reads just Show more. */
export const WithoutNoun: Story = { args: { noun: undefined } };
