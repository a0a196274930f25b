import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ProductImportPanel } from './ProductImportPanel';

const base = { id: 'i1', total: 120, imported: 0, errors: [], createdAt: '2026-11-29T12:00:00.000Z' };

const meta = {
  title: 'Editor/Store/ProductImportPanel',
  component: ProductImportPanel,
  args: { onFile: fn(), latest: null },
} satisfies Meta<typeof ProductImportPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Loading: Story = { args: { latest: undefined } };
export const Sending: Story = { args: { isSending: true } };
export const Running: Story = { args: { latest: { ...base, status: 'running', progress: 40 } } };
export const Done: Story = {
  args: {
    latest: {
      ...base,
      status: 'done',
      progress: 100,
      imported: 118,
      errors: [
        { row: 14, message: 'Row 14: Variant Price "twelve": Enter an amount like 8.50.' },
        { row: 77, message: 'Row 77: The SKU "TOTE-OLIVE" is already used by another product.' },
      ],
    },
  },
};
export const Refused: Story = {
  args: {
    sendError:
      'The file needs the columns Handle, Title, Variant Price, as in a Shopify product export. Missing: Variant Price.',
  },
};
export const Failed: Story = { args: { latest: { ...base, status: 'failed', progress: 50, imported: 60 } } };
export const Disabled: Story = {
  args: { isReadOnly: true, latest: { ...base, status: 'done', progress: 100, imported: 120 } },
};
