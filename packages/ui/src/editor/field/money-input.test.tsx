import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { MoneyInput, type MoneyInputProps } from './MoneyInput';
import * as stories from './MoneyInput.stories';

afterEach(cleanup);

const description = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

function Typed(props: Partial<MoneyInputProps>) {
  const [value, setValue] = useState(props.value ?? '');
  return (
    <MoneyInput label="Price" currency="USD" locale="en-US" {...props} value={value} onChange={setValue} />
  );
}

describe('MoneyInput', () => {
  it('shows the currency symbol and says the currency and an example with the box', async () => {
    const { container } = render(<Typed />);
    const input = screen.getByRole('textbox', { name: 'Price' }) as HTMLInputElement;
    expect(input.inputMode).toBe('decimal');
    expect(container.querySelector('.ed-money__symbol')?.textContent).toBe('$');
    expect(description(input)).toBe('In USD, for example 8.50.');
    await expectNoAxeViolations(container);
  });

  it('tidies a typed amount to the currency digits when the owner leaves the box', () => {
    render(<Typed />);
    const input = screen.getByRole('textbox', { name: 'Price' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '8' } });
    fireEvent.blur(input);
    expect(input.value).toBe('8.00');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('reads French amounts with a comma and puts the euro after', () => {
    const { container } = render(<Typed label="Prix" currency="EUR" locale="fr-FR" />);
    const input = screen.getByRole('textbox', { name: 'Prix' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '8.5' } });
    fireEvent.blur(input);
    expect(input.value).toBe('8,50');
    expect(container.querySelector('.ed-money__box--after')).not.toBeNull();
  });

  it('says what to type when the text is not money, and clears it once fixed', async () => {
    const { container } = render(<Typed />);
    const input = screen.getByRole('textbox', { name: 'Price' });
    fireEvent.change(input, { target: { value: '8,50' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toBe('Type an amount in USD with digits, like 8.50.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(description(input)).toBe(
      'In USD, for example 8.50. Type an amount in USD with digits, like 8.50.',
    );
    await expectNoAxeViolations(container);
    fireEvent.change(input, { target: { value: '8.50' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for an amount when a required box is left empty', () => {
    render(<Typed required currency="JPY" locale="ja-JP" />);
    const input = screen.getByRole('textbox', { name: 'Price' });
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toBe('Type an amount, like 850.');
  });

  it("shows the form's message instead of its own", () => {
    render(<Typed value="abc" error="The sale price must be lower than the price." />);
    const input = screen.getByRole('textbox', { name: 'Price' });
    fireEvent.blur(input);
    expect(description(input)).toContain('The sale price must be lower than the price.');
    expect(description(input)).not.toContain('digits');
  });

  it('is disabled when asked', () => {
    render(<Typed value="1.00" disabled />);
    expect((screen.getByRole('textbox', { name: 'Price' }) as HTMLInputElement).disabled).toBe(true);
  });
});

describe('MoneyInput stories', () => {
  it.each(Object.entries(composeStories(stories)))('%s passes axe', async (_name, Story) => {
    const { container } = render(<Story />);
    expect(container.querySelector('input')).not.toBeNull();
    await expectNoAxeViolations(container);
  });
});
