import { currencyChoices } from '@site/commerce-core/admin';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { StoreCurrencyPanel } from './StoreCurrencyPanel';

afterEach(cleanup);

const choices = currencyChoices('en-US');
const confirmation = {
  currency: 'EUR' as const,
  message: 'This store has 3 orders. They keep the currency they were placed in (USD).',
};

describe('StoreCurrencyPanel', () => {
  it('saves only a changed currency, unconfirmed, and says what the orders keep', async () => {
    const onSave = vi.fn();
    const { container } = render(
      <StoreCurrencyPanel
        choices={choices}
        state={{ currency: 'USD', orderCount: 3 }}
        onSave={onSave}
        onCancelConfirmation={() => {}}
      />,
    );
    expect(screen.getByRole('form', { name: 'Store currency' })).toBeTruthy();
    const select = screen.getByLabelText('Currency') as HTMLSelectElement;
    expect(select.value).toBe('USD');
    expect(select.selectedOptions[0]!.textContent).toBe('US Dollar (USD)');
    expect(container.textContent).toContain('Your store has 3 orders: they keep the currency');
    const save = screen.getByRole('button', { name: 'Save currency' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(select, { target: { value: 'GBP' } });
    fireEvent.click(save);
    expect(onSave).toHaveBeenCalledWith('GBP', false);
    await expectNoAxeViolations(container);
  });

  it('asks for confirmation when the server does, and sends it confirmed or keeps the currency', async () => {
    const onSave = vi.fn();
    const onCancel = vi.fn();
    render(
      <StoreCurrencyPanel
        choices={choices}
        state={{ currency: 'USD', orderCount: 3 }}
        confirmation={confirmation}
        onSave={onSave}
        onCancelConfirmation={onCancel}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Change the store currency?' });
    expect(dialog.textContent).toContain(confirmation.message);
    fireEvent.click(screen.getByRole('button', { name: 'Keep US Dollar (USD)' }));
    expect(onCancel).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Change to EUR' }));
    expect(onSave).toHaveBeenCalledWith('EUR', true);
    await expectNoAxeViolations(document.body);
  });

  it('has loading, failed, refused and read-only states', async () => {
    const onRetry = vi.fn();
    const props = { choices, onSave: () => {}, onCancelConfirmation: () => {} };
    const { rerender, container } = render(<StoreCurrencyPanel {...props} isLoading />);
    expect(screen.getByRole('status').textContent).toBe('Loading the store currency…');
    rerender(<StoreCurrencyPanel {...props} loadError="Unable to load." onRetry={onRetry} />);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
    rerender(
      <StoreCurrencyPanel {...props} state={{ currency: 'JPY', orderCount: 0 }} error="Not a currency." />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Not a currency.');
    expect((screen.getByLabelText('Currency') as HTMLSelectElement).value).toBe('JPY');
    await expectNoAxeViolations(container);
    rerender(<StoreCurrencyPanel {...props} state={{ currency: 'JPY', orderCount: 0 }} isReadOnly />);
    expect((screen.getByLabelText('Currency') as HTMLSelectElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save currency' })).toBeNull();
    await expectNoAxeViolations(container);
  });
});
