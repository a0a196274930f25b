import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { MoneyInput, type MoneyInputProps } from './MoneyInput';

/** Holds the typed text, so a story behaves as the field does in a form. */
function Typed(props: MoneyInputProps) {
  const [value, setValue] = useState(props.value);
  return <MoneyInput {...props} value={value} onChange={setValue} />;
}

const meta = {
  title: 'Editor/MoneyInput',
  component: MoneyInput,
  render: (args) => <Typed {...args} />,
  args: { label: 'Price', value: '', currency: 'USD', locale: 'en-US', onChange: () => {} },
} satisfies Meta<typeof MoneyInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { value: '8.50' } };
export const French: Story = { args: { label: 'Prix', value: '8,50', currency: 'EUR', locale: 'fr-FR' } };
export const Yen: Story = { args: { value: '850', currency: 'JPY', locale: 'ja-JP' } };
export const Optional: Story = {
  args: { label: 'Sale price', hint: 'Leave empty for no sale price.' },
};
export const WithError: Story = {
  args: { value: '8,50', error: 'Type an amount in USD with digits, like 8.50.' },
};
export const Disabled: Story = { args: { value: '12.00', disabled: true } };
