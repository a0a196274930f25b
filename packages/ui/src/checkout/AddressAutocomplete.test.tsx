import type { AddressPrediction, PlaceAddress } from '@site/commerce-core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test/axe';
import { ADDRESS_LOOKUP_PAUSE_MS, type AddressSuggestionSource } from './AddressAutocomplete';
import { Checkout, type CheckoutProps } from './Checkout';
import { physicalCart } from './fixtures';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const prediction = (placeId: string, mainText: string, secondaryText: string): AddressPrediction => ({
  placeId,
  mainText,
  secondaryText,
  description: `${mainText}, ${secondaryText}`,
});
const portland = [
  prediction('p1', '1 Main Street', 'Portland, ME 04101, United States'),
  prediction('p2', '1 Main Street', 'Portland, OR 97201, United States'),
];
const oregon: PlaceAddress = {
  line1: '1 Main Street',
  line2: '',
  city: 'Portland',
  region: 'OR',
  postalCode: '97201',
  country: 'US',
};

function source(overrides: Partial<AddressSuggestionSource> = {}) {
  const made = {
    suggest: vi.fn<AddressSuggestionSource['suggest']>(() =>
      Promise.resolve({ predictions: portland, attribution: 'Google' }),
    ),
    choose: vi.fn<AddressSuggestionSource['choose']>(() => Promise.resolve(oregon)),
  };
  return { ...made, ...overrides } as typeof made;
}

const show = (props: Partial<CheckoutProps>) =>
  render(<Checkout cart={physicalCart} currency="USD" onPlaceOrder={() => Promise.resolve()} {...props} />);

const address = () => screen.getByRole('combobox', { name: 'Address' });
const suggestions = () =>
  within(screen.getByRole('listbox', { name: 'Address suggestions', hidden: true })).queryAllByRole(
    'option',
    {
      hidden: true,
    },
  );
const announced = () => document.querySelector('.sqs-address-field [role="status"]')!;
const value = (name: RegExp | string) => (screen.getByRole('textbox', { name }) as HTMLInputElement).value;

async function type(text: string) {
  fireEvent.focus(address());
  fireEvent.change(address(), { target: { value: text } });
  await act(() => vi.advanceTimersByTimeAsync(ADDRESS_LOOKUP_PAUSE_MS + 10));
}

describe('address suggestions at checkout', () => {
  it('looks up once typing pauses, with the chosen country, and lists the suggestions', async () => {
    vi.useFakeTimers();
    const from = source();
    show({ addressSuggestions: from });
    fireEvent.change(screen.getByRole('combobox', { name: 'Country' }), { target: { value: 'US' } });
    fireEvent.focus(address());
    fireEvent.change(address(), { target: { value: '1 Ma' } });
    fireEvent.change(address(), { target: { value: '1 Main Street, Portl' } });
    await act(() => vi.advanceTimersByTimeAsync(ADDRESS_LOOKUP_PAUSE_MS + 10));
    expect(from.suggest).toHaveBeenCalledTimes(1);
    expect(from.suggest.mock.calls[0]![0]).toBe('1 Main Street, Portl');
    expect(from.suggest.mock.calls[0]![1].country).toBe('US');
    expect(address().getAttribute('aria-expanded')).toBe('true');
    const options = suggestions();
    expect(options.map((o) => o.textContent)).toEqual([
      '1 Main Street Portland, ME 04101, United States',
      '1 Main Street Portland, OR 97201, United States',
    ]);
    expect(screen.getByText('Suggestions by Google')).toBeTruthy();
    expect(announced().textContent).toBe('2 addresses suggested. Use the up and down arrows to choose one.');
  });

  it('does not look up fewer than three characters', async () => {
    vi.useFakeTimers();
    const from = source();
    show({ addressSuggestions: from });
    await type('1 M');
    await type('1 ');
    expect(from.suggest).toHaveBeenCalledTimes(1);
    expect(address().getAttribute('aria-expanded')).toBe('false');
  });

  it('arrows move through the list, Enter chooses and fills the fields (not placing the order)', async () => {
    vi.useFakeTimers();
    const from = source();
    const onPlaceOrder = vi.fn(() => Promise.resolve());
    show({ addressSuggestions: from, onPlaceOrder });
    await type('1 Main Street, Portl');
    fireEvent.keyDown(address(), { key: 'ArrowDown' });
    expect(address().getAttribute('aria-activedescendant')).toBe(suggestions()[0]!.id);
    fireEvent.keyDown(address(), { key: 'ArrowDown' });
    const second = suggestions()[1]!;
    expect(address().getAttribute('aria-activedescendant')).toBe(second.id);
    expect(second.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(address(), { key: 'ArrowDown' });
    fireEvent.keyDown(address(), { key: 'ArrowUp' });
    expect(address().getAttribute('aria-activedescendant')).toBe(second.id);
    fireEvent.keyDown(address(), { key: 'Enter' });
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(from.choose).toHaveBeenCalledWith(portland[1]);
    expect(onPlaceOrder).not.toHaveBeenCalled();
    expect((address() as HTMLInputElement).value).toBe('1 Main Street');
    expect(value('City')).toBe('Portland');
    expect(value(/^State/)).toBe('OR');
    expect(value('Postal Code')).toBe('97201');
    expect((screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement).value).toBe('US');
    expect(address().getAttribute('aria-expanded')).toBe('false');
    expect(announced().textContent).toContain(
      'Address filled in: 1 Main Street, Portland, OR 97201, United States.',
    );
    // The fill is not typing: no new lookup.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(from.suggest).toHaveBeenCalledTimes(1);
  });

  it('a click chooses; Escape closes without choosing', async () => {
    vi.useFakeTimers();
    const from = source();
    show({ addressSuggestions: from });
    await type('1 Main Street, Portl');
    fireEvent.keyDown(address(), { key: 'Escape' });
    expect(address().getAttribute('aria-expanded')).toBe('false');
    expect(from.choose).not.toHaveBeenCalled();
    await type('1 Main Street, Portla');
    fireEvent.click(suggestions()[1]!);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(value('City')).toBe('Portland');
  });

  it('a failing source leaves a plain field: no list, no message, no more lookups, the typing kept', async () => {
    vi.useFakeTimers();
    const from = source({ suggest: vi.fn(() => Promise.reject(new Error('502'))) });
    show({ addressSuggestions: from });
    await type('12 Analytical Row');
    await type('12 Analytical Row, London');
    expect(from.suggest).toHaveBeenCalledTimes(1);
    expect(address().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('alert')).toBeNull();
    expect((address() as HTMLInputElement).value).toBe('12 Analytical Row, London');
  });

  it('a failing choice keeps what the shopper typed', async () => {
    vi.useFakeTimers();
    show({ addressSuggestions: source({ choose: () => Promise.reject(new Error('502')) }) });
    await type('1 Main Street, Portl');
    fireEvent.click(suggestions()[0]!);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect((address() as HTMLInputElement).value).toBe('1 Main Street, Portl');
    expect(value('City')).toBe('');
  });

  it('without a source the first line is a plain text field', () => {
    show({});
    expect(screen.getByRole('textbox', { name: 'Address' })).toBeTruthy();
  });

  it('the empty first line is still required, its error linked to the combobox', async () => {
    show({ addressSuggestions: source() });
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await act(() => Promise.resolve());
    expect(address().getAttribute('aria-invalid')).toBe('true');
    const describedBy = address().getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBeTruthy();
  });

  it('has no axe violations with the list open', async () => {
    vi.useFakeTimers();
    const { container } = show({ addressSuggestions: source() });
    await type('1 Main Street, Portl');
    fireEvent.keyDown(address(), { key: 'ArrowDown' });
    vi.useRealTimers();
    await expectNoAxeViolations(container);
  });
});
