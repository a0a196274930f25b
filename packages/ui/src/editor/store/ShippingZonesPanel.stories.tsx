import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import '../editor.css';
import { checkShippingForm, emptyRate, emptyZone, shippingFormOf } from './shipping-form';
import { ShippingZonesPanel } from './ShippingZonesPanel';

const usd = { currency: 'USD', locale: 'en-US' };
const zones = shippingFormOf(
  {
    shippingZones: [
      {
        id: 'eu',
        name: 'Europe',
        areas: ['DE', 'AT', 'FR'],
        rates: [
          {
            kind: 'weight',
            id: 'dhl',
            name: 'DHL parcel',
            brackets: [
              { minGrams: 0, amountCents: 490 },
              { minGrams: 2000, amountCents: 990 },
            ],
            maxGrams: 30000,
          },
          {
            kind: 'pickup',
            id: 'pickup',
            name: 'Pick up in Berlin',
            amountCents: 0,
            instructions: 'Mon–Fri 10–18',
          },
        ],
      },
      {
        id: 'us',
        name: 'United States',
        areas: ['US'],
        rates: [
          { kind: 'flat', id: 'ups', name: 'UPS Ground', amountCents: 1500, freeOverCents: 5000 },
          {
            kind: 'price',
            id: 'tiered',
            name: 'Tiered',
            brackets: [
              { minSubtotalCents: 0, amountCents: 800 },
              { minSubtotalCents: 10000, amountCents: 400 },
            ],
          },
        ],
      },
    ],
  },
  usd,
);
const mistaken = {
  zones: [
    {
      ...emptyZone(),
      name: '',
      areas: 'DE, Germany',
      rates: [{ ...emptyRate('flat'), name: 'Post', amount: 'abc' }],
    },
  ],
};
const mistakes = checkShippingForm(mistaken, usd);

const meta = {
  title: 'Editor/Store/Shipping zones',
  component: ShippingZonesPanel,
  args: { form: zones, money: usd, onChange: () => {} },
  render: function Render(args) {
    const [form, setForm] = useState(args.form);
    return <ShippingZonesPanel {...args} form={form} onChange={setForm} />;
  },
} satisfies Meta<typeof ShippingZonesPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Zones: Story = {};
export const Empty: Story = { args: { form: { zones: [] } } };
/** Flat options of before, shown as the one zone they apply in. */
export const OptionsOfBefore: Story = {
  args: {
    form: shippingFormOf(
      { shippingOptions: [{ kind: 'flat', id: 'standard', name: 'Standard', amountCents: 600 }] },
      usd,
    ),
  },
};
export const WithMistakes: Story = { args: { form: mistaken, issues: mistakes.ok ? {} : mistakes.issues } };
export const Yen: Story = { args: { money: { currency: 'JPY', locale: 'ja-JP' } } };
export const Disabled: Story = { args: { disabled: true } };
