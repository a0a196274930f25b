import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { FormTextField } from './FormTextField';
import { QuantityStepper } from './QuantityStepper';
import { SelectField } from './SelectField';

const meta = {
  title: 'Storefront/FormControls',
  component: QuantityStepper,
  args: { value: 2, label: 'Quantity', onCommit: () => {} },
} satisfies Meta<typeof QuantityStepper>;
export default meta;
type Story = StoryObj<typeof meta>;

function LiveStepper() {
  const [value, setValue] = useState(2);
  return <QuantityStepper value={value} onCommit={setValue} label="Quantity" />;
}

export const Quantity: Story = { render: () => <LiveStepper /> };
export const QuantityAtMinimum: Story = { args: { value: 1 } };
export const QuantityDisabled: Story = { args: { isDisabled: true } };
export const QuantityError: Story = { args: { error: 'Unable to update quantity' } };

function Fields({ withErrors, disabled }: { withErrors?: boolean; disabled?: boolean }) {
  const [email, setEmail] = useState('');
  const [country, setCountry] = useState('');
  return (
    <div style={{ maxWidth: '24rem' }}>
      <FormTextField
        id="story-email"
        label="Email"
        type="email"
        value={email}
        onChange={setEmail}
        isRequired
        isDisabled={disabled}
        error={
          withErrors
            ? 'Email is not valid. Email addresses should follow the format user@domain.com.'
            : undefined
        }
      />
      <FormTextField
        id="story-line2"
        label="Apartment, suite, etc."
        value=""
        onChange={() => {}}
        isDisabled={disabled}
      />
      <SelectField
        id="story-country"
        label="Country"
        value={country}
        onChange={setCountry}
        placeholder="Select a country"
        options={[
          { value: 'NO', label: 'Norway' },
          { value: 'SE', label: 'Sweden' },
        ]}
        isRequired
        isDisabled={disabled}
        error={withErrors ? 'Required' : undefined}
      />
    </div>
  );
}

export const TextAndSelect: Story = { render: () => <Fields /> };
export const TextAndSelectErrors: Story = { render: () => <Fields withErrors /> };
export const TextAndSelectDisabled: Story = { render: () => <Fields disabled /> };
