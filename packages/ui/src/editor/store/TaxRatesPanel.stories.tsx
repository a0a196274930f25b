import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import '../editor.css';
import { checkTaxForm, taxFormOf } from './tax-form';
import { TaxRatesPanel } from './TaxRatesPanel';

const euAndUs = taxFormOf({
  taxOriginCountry: 'DE',
  taxRates: [
    { country: 'DE', region: '', name: 'VAT', rate: '19', included: true, shipping: true },
    { country: 'US', region: 'CA', name: 'CA sales tax', rate: '7.25', included: false, shipping: false },
    { country: '*', region: '', name: 'Sales tax', rate: '5', included: false, shipping: false },
  ],
});
const mistaken = {
  ...euAndUs,
  rates: euAndUs.rates.map((r, i) => (i === 1 ? { ...r, rate: '7,25', name: '' } : r)),
};
const mistakes = checkTaxForm(mistaken);

const meta = {
  title: 'Editor/Store/Tax rates',
  component: TaxRatesPanel,
  args: { form: euAndUs, locale: 'en-US', onChange: () => {} },
  render: function Render(args) {
    const [form, setForm] = useState(args.form);
    return <TaxRatesPanel {...args} form={form} onChange={setForm} />;
  },
} satisfies Meta<typeof TaxRatesPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Rates: Story = {};
export const Empty: Story = { args: { form: taxFormOf({}) } };
/** A store with the one store-wide rate of before sees it as "Everywhere else". */
export const StoreWideRate: Story = { args: { form: taxFormOf({ taxRateBasisPoints: 825 }) } };
export const WithMistakes: Story = {
  args: { form: mistaken, issues: mistakes.ok ? {} : mistakes.issues },
};
export const German: Story = { args: { locale: 'de-DE' } };
export const Disabled: Story = { args: { disabled: true } };
