import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { GridPlacement } from './GridPlacement';

const meta = {
  title: 'Editor/GridPlacement',
  component: GridPlacement,
  args: {
    blockId: 'a',
    blocks: [
      { id: 'a', place: { column: 1, span: 12, row: 1, rows: 1 } },
      { id: 'b', place: { column: 1, span: 12, row: 2, rows: 1 } },
    ],
    onChange: fn(),
  },
} satisfies Meta<typeof GridPlacement>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FullWidth: Story = {};
export const BesideAnother: Story = {
  args: {
    blocks: [
      { id: 'a', place: { column: 1, span: 6, row: 1, rows: 2 } },
      { id: 'b', place: { column: 8, span: 5, row: 1, rows: 1 } },
    ],
  },
};
/** A block saved before the grid: shown as the full-width row it renders as. */
export const NotPlacedYet: Story = { args: { blocks: [{ id: 'a' }] } };
export const Disabled: Story = { args: { isDisabled: true } };
