import { taxMessages, shippingMessages, type TaxRate } from '@site/commerce-core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { checkShippingForm, emptyRate, emptyZone, shippingFormOf, type ShippingForm } from './shipping-form';
import { ShippingZonesPanel } from './ShippingZonesPanel';
import { addStandardRates, checkTaxForm, EU_VAT_RATES, taxFormOf, type TaxForm } from './tax-form';
import { TaxRatesPanel } from './TaxRatesPanel';
import { taxShippingMessages as m } from './tax-shipping-messages';

afterEach(cleanup);
const usd = { currency: 'USD', locale: 'en-US' };

describe('the tax form', () => {
  it('shows a store-wide rate of before as the rate for everywhere else, and saves it as a row', () => {
    const form = taxFormOf({ taxRateBasisPoints: 825, taxShipping: true });
    expect(form.rates).toMatchObject([{ country: '*', rate: '8.25', shipping: true, included: false }]);
    const check = checkTaxForm(form);
    expect(check.ok && check.preferences).toMatchObject({
      taxRounding: 'order',
      taxRates: [{ country: '*', region: '', rate: '8.25', shipping: true }],
    });
    // The old field is not sent, so the save replaces it with the row.
    expect(check.ok && 'taxRateBasisPoints' in check.preferences).toBe(false);
  });

  it('round-trips saved rates, the origin and the rounding', () => {
    const saved = {
      taxOriginCountry: 'DE',
      taxRounding: 'line',
      taxRates: [
        { country: 'DE', region: '', name: 'VAT', rate: '19', included: true, shipping: true },
        { country: 'US', region: 'CA', name: 'CA sales tax', rate: '7.25', included: false, shipping: false },
      ],
    };
    const check = checkTaxForm(taxFormOf(saved));
    expect(check).toEqual({ ok: true, preferences: saved });
  });

  it.each([
    [{ rate: '7,25' }, 'taxRates.0.rate', taxMessages.rateFormat],
    [{ rate: '120' }, 'taxRates.0.rate', taxMessages.rateRange],
    [{ name: ' ' }, 'taxRates.0.name', taxMessages.nameMissing],
    [{ country: '' }, 'taxRates.0.country', taxMessages.countryCode],
  ])('refuses %o on its row with the schema’s message', (patch, path, message) => {
    const form = taxFormOf({ taxRates: [{ country: 'DE', region: '', name: 'VAT', rate: '19' }] });
    const check = checkTaxForm({ ...form, rates: [{ ...form.rates[0]!, ...patch }] });
    expect(check.ok ? {} : check.issues).toMatchObject({ [path]: message });
  });

  it('refuses two rates for one place, and adding standard rates keeps the owner’s', () => {
    const form = taxFormOf({
      taxRates: [{ country: 'DE', region: '', name: 'MwSt', rate: '7', included: true, shipping: false }],
    });
    const added = addStandardRates(form, EU_VAT_RATES);
    expect(added.skipped.map((r: TaxRate) => r.country)).toEqual(['DE']);
    expect(added.form.rates).toHaveLength(27);
    expect(added.form.rates[0]).toMatchObject({ name: 'MwSt', rate: '7' });
    const twice: TaxForm = { ...form, rates: [...form.rates, { ...form.rates[0]!, key: 'x' }] };
    const check = checkTaxForm(twice);
    expect(check.ok ? {} : check.issues).toEqual({ taxRates: taxMessages.duplicatePlace });
  });
});

describe('the shipping form', () => {
  it('shows options of before as one Everywhere zone and saves them as that zone', () => {
    const form = shippingFormOf(
      {
        shippingOptions: [
          { kind: 'flat', id: 'standard', name: 'Standard', amountCents: 600 },
          { kind: 'table', id: 'bulk', name: 'Bulk', rates: [{ minSubtotalCents: 0, amountCents: 900 }] },
        ],
      },
      usd,
    );
    expect(form.zones).toHaveLength(1);
    expect(form.zones[0]).toMatchObject({ name: 'Everywhere', areas: '*' });
    expect(form.zones[0]!.rates.map((r) => [r.kind, r.amount || r.brackets[0]!.amount])).toEqual([
      ['flat', '6.00'],
      ['price', '9.00'],
    ]);
    const check = checkShippingForm(form, usd);
    expect(check.ok && check.preferences.shippingZones[0]!.rates).toEqual([
      { kind: 'flat', id: 'standard', name: 'Standard', amountCents: 600 },
      { kind: 'price', id: 'bulk', name: 'Bulk', brackets: [{ minSubtotalCents: 0, amountCents: 900 }] },
    ]);
  });

  it('reads typed amounts in the store currency, weights in grams and free-over thresholds', () => {
    const zone = { ...emptyZone(), name: 'Germany', areas: 'de, at' };
    const weight = { ...emptyRate('weight'), name: 'DHL', freeOver: '50' };
    weight.brackets = [
      { key: 'a', from: '0', amount: '4.90' },
      { key: 'b', from: '2000', amount: '9' },
    ];
    const pickup = { ...emptyRate('pickup'), name: 'Pick up', instructions: 'Mon–Fri' };
    const check = checkShippingForm({ zones: [{ ...zone, rates: [weight, pickup] }] }, usd);
    expect(check.ok && check.preferences.shippingZones[0]).toMatchObject({
      areas: ['DE', 'AT'],
      rates: [
        {
          kind: 'weight',
          freeOverCents: 5000,
          brackets: [
            { minGrams: 0, amountCents: 490 },
            { minGrams: 2000, amountCents: 900 },
          ],
        },
        { kind: 'pickup', amountCents: 0, instructions: 'Mon–Fri' },
      ],
    });
    const yen = checkShippingForm(
      { zones: [{ ...zone, rates: [{ ...emptyRate('flat'), name: 'EMS', amount: '1,500' }] }] },
      { currency: 'JPY', locale: 'ja-JP' },
    );
    expect(yen.ok && yen.preferences.shippingZones[0]!.rates[0]).toMatchObject({ amountCents: 1500 });
  });

  it('marks each mistake on its field', () => {
    const form: ShippingForm = {
      zones: [
        {
          ...emptyZone(),
          name: 'EU',
          areas: 'DE',
          rates: [{ ...emptyRate('flat'), name: 'Post', amount: 'abc' }],
        },
        { ...emptyZone(), name: '', areas: 'DE, Germany', rates: [] },
      ],
    };
    form.zones[0]!.rates.push({ ...emptyRate('weight'), name: 'Heavy', maxGrams: '2.5' });
    const check = checkShippingForm(form, usd);
    const issues = check.ok ? {} : check.issues;
    expect(issues['shippingZones.0.rates.0.amountCents']).toMatch(/USD/);
    expect(issues['shippingZones.0.rates.1.maxGrams']).toBe(m.wholeGrams);
    expect(issues['shippingZones.1.name']).toBe(shippingMessages.zoneNameMissing);
    expect(issues['shippingZones.1.areas.1']).toBe(shippingMessages.areaCode);
  });
});

function TaxHarness({ initial }: { initial: TaxForm }) {
  const [form, setForm] = useState(initial);
  return (
    <>
      <TaxRatesPanel form={form} onChange={setForm} locale="en-US" />
      <output data-testid="tax">{JSON.stringify(checkTaxForm(form))}</output>
    </>
  );
}

function ShippingHarness({ initial }: { initial: ShippingForm }) {
  const [form, setForm] = useState(initial);
  return (
    <>
      <ShippingZonesPanel form={form} onChange={setForm} money={usd} />
      <output data-testid="shipping">{JSON.stringify(checkShippingForm(form, usd))}</output>
    </>
  );
}

describe('TaxRatesPanel', () => {
  it('adds a standard rate, a US state rate typed by the owner, and flips included and shipping', async () => {
    const { container } = render(<TaxHarness initial={taxFormOf({})} />);
    expect(screen.getByText(m.ratesEmpty)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(m.standardRates), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: m.addStandardRate }));
    const germany = screen.getByRole('group', { name: 'Germany' });
    expect((within(germany).getByLabelText(m.included) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(germany).getByLabelText(m.taxShipping));

    fireEvent.click(screen.getByRole('button', { name: m.addRate }));
    const row = screen.getAllByRole('group').at(-1)!;
    fireEvent.change(within(row).getByLabelText(m.country), { target: { value: 'US' } });
    fireEvent.change(within(row).getByLabelText(m.region), { target: { value: 'NY' } });
    fireEvent.change(within(row).getByLabelText(m.taxName), { target: { value: 'NY sales tax' } });
    fireEvent.change(within(row).getByLabelText(m.rate), { target: { value: '4' } });
    fireEvent.click(screen.getByLabelText(m.roundingLine));
    expect(JSON.parse(screen.getByTestId('tax').textContent!)).toEqual({
      ok: true,
      preferences: {
        taxRounding: 'line',
        taxRates: [
          { country: 'DE', region: '', name: 'VAT', rate: '19', included: true, shipping: false },
          { country: 'US', region: 'NY', name: 'NY sales tax', rate: '4', included: false, shipping: false },
        ],
      },
    });
    fireEvent.click(screen.getByRole('button', { name: m.removeRate('New York, United States') }));
    expect(screen.queryByRole('group', { name: 'New York, United States' })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('says which places kept the owner’s rate when standard rates are added', () => {
    render(
      <TaxHarness
        initial={taxFormOf({
          taxRates: [{ country: 'FR', region: '', name: 'TVA', rate: '20', included: true }],
        })}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: m.addAllEu }));
    expect(screen.getByText(m.alreadyAdded('France')).getAttribute('role')).toBe('status');
  });
});

describe('ShippingZonesPanel', () => {
  it('builds a zone with a weight table and pickup, naming the countries typed', async () => {
    const { container } = render(<ShippingHarness initial={{ zones: [] }} />);
    expect(screen.getByText(m.zonesEmpty)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: m.addZone }));
    fireEvent.change(screen.getByLabelText(m.zoneName), { target: { value: 'Europe' } });
    fireEvent.change(screen.getByLabelText(m.zoneAreas), { target: { value: 'DE, FR' } });
    expect(container.textContent).toContain('Germany, France.');
    const zone = screen.getByRole('region', { name: m.zone('Europe') });
    fireEvent.click(within(zone).getByRole('button', { name: m.addOption(m.kinds.weight) }));
    fireEvent.change(within(zone).getByLabelText(m.optionName), { target: { value: 'DHL' } });
    fireEvent.change(within(zone).getByLabelText(m.amount), { target: { value: '4.90' } });
    fireEvent.click(within(zone).getByRole('button', { name: m.addBracket }));
    const step2 = within(zone).getByRole('group', { name: m.step(2) });
    fireEvent.change(within(step2).getByLabelText(m.fromWeight), { target: { value: '1000' } });
    fireEvent.change(within(step2).getByLabelText(m.amount), { target: { value: '8.90' } });
    fireEvent.click(within(zone).getByRole('button', { name: m.addOption(m.kinds.pickup) }));
    const pickup = within(zone).getByRole('group', { name: m.kinds.pickup });
    fireEvent.change(within(pickup).getByLabelText(m.optionName), { target: { value: 'Pick up in Berlin' } });
    const check = JSON.parse(screen.getByTestId('shipping').textContent!);
    expect(check.ok).toBe(true);
    expect(check.preferences.shippingZones[0]).toMatchObject({
      name: 'Europe',
      areas: ['DE', 'FR'],
      rates: [
        {
          kind: 'weight',
          name: 'DHL',
          brackets: [
            { minGrams: 0, amountCents: 490 },
            { minGrams: 1000, amountCents: 890 },
          ],
        },
        { kind: 'pickup', name: 'Pick up in Berlin', amountCents: 0 },
      ],
    });
    await expectNoAxeViolations(container);
  });
});
