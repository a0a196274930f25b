import type { Meta, StoryObj } from '@storybook/react-vite';
import { AlsoBought } from './AlsoBought';
import { alsoBoughtItems } from './fixtures';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const meta = {
  title: 'Storefront/AlsoBought',
  component: AlsoBought,
  args: { items: alsoBoughtItems, onAdd: () => wait(800) },
} satisfies Meta<typeof AlsoBought>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Suggestions: Story = {};
/** No suggestions: the row is not drawn at all. */
export const Empty: Story = { args: { items: [] } };
/** Adding never finishes: the button stays busy and disabled. */
export const Adding: Story = { args: { onAdd: () => new Promise<void>(() => {}) } };
/** Press Add to see the error under the product. */
export const AddFails: Story = {
  args: { onAdd: () => wait(400).then(() => Promise.reject(new Error('server'))) },
};
export const Offline: Story = { args: { ...AddFails.args, isOnline: () => false } };
/** Without an add action (a page that only links), every suggestion opens its page. */
export const LinksOnly: Story = { args: { onAdd: undefined } };
