import type { Meta, StoryObj } from '@storybook/react-vite';
import './editor.css';
import { ActionNotice } from './ActionNotice';

const meta = {
  title: 'Editor/ActionNotice',
  component: ActionNotice,
  args: {
    message: 'Published. Your changes are live.',
    children: (
      <a href="#live" target="_blank" rel="noreferrer">
        View the live page
      </a>
    ),
    onDismiss: () => {},
  },
} satisfies Meta<typeof ActionNotice>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithNextStep: Story = {};
export const SeveralNextSteps: Story = {
  args: {
    message: 'Added “Field notebook” to the store.',
    children: (
      <>
        <a href="#product">View it in the store</a>
        <button type="button" className="ed-link-button">
          Add another product
        </button>
      </>
    ),
  },
};
export const MessageOnly: Story = { args: { children: undefined, onDismiss: undefined } };
/** Nothing to say yet: the live region waits, empty, for the next answer. */
export const Empty: Story = { args: { message: undefined } };
