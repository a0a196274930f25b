import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { InventoryTable } from './InventoryTable';
import { OrderDetailView } from './OrderDetailView';
import { OrdersTable } from './OrdersTable';
import { ProductEditor } from './ProductEditor';
import { ProductTable } from './ProductTable';
import { sampleInventory, sampleOrder, sampleProducts } from './sample-store';
import { storeMessages } from './store-messages';

afterEach(cleanup);
const noop = () => {};
const filters = { q: '', type: '' as const, stock: '' as const };

describe('ProductTable', () => {
  it('shows prices, stock and status, and reports edits and filters', async () => {
    const onEdit = vi.fn();
    const onFiltersChange = vi.fn();
    const { container } = render(
      <ProductTable
        products={sampleProducts}
        filters={filters}
        onFiltersChange={onFiltersChange}
        onEdit={onEdit}
        onAdd={noop}
        onToggleEnabled={noop}
      />,
    );
    const row = screen.getByRole('row', { name: /Harbour at dawn/ });
    expect(row.textContent).toContain('$25.00 – $40.00');
    expect(row.textContent).toContain('8 in stock');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Harbour at dawn' }));
    expect(onEdit).toHaveBeenCalledWith(sampleProducts[0]);
    fireEvent.change(screen.getByRole('searchbox', { name: storeMessages.searchProducts }), {
      target: { value: 'pack' },
    });
    expect(onFiltersChange).toHaveBeenCalledWith({ ...filters, q: 'pack' });
    await expectNoAxeViolations(container);
  });

  it.each([
    ['empty', { products: [] }, storeMessages.noProducts],
    ['loading', { products: undefined, isLoading: true }, 'Loading…'],
    ['failed', { products: undefined, error: 'Unable to load. Try again.' }, 'Unable to load. Try again.'],
  ])('has a %s state without axe violations', async (_name, props, text) => {
    const { container } = render(
      <ProductTable
        filters={filters}
        onFiltersChange={noop}
        onEdit={noop}
        onAdd={noop}
        onToggleEnabled={noop}
        {...props}
      />,
    );
    expect(container.textContent).toContain(text);
    await expectNoAxeViolations(container);
  });

  it('hides write controls from a viewer', () => {
    render(
      <ProductTable
        products={sampleProducts}
        filters={filters}
        onFiltersChange={noop}
        onEdit={noop}
        onAdd={noop}
        onToggleEnabled={noop}
        isReadOnly
      />,
    );
    expect(screen.queryByRole('button', { name: storeMessages.addProduct })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });
});

describe('ProductEditor', () => {
  it('edits variants and saves the draft, showing refusals at their fields', async () => {
    const onSave = vi.fn();
    render(
      <ProductEditor
        isOpen
        currency="USD"
        product={sampleProducts[0]}
        issues={{ 'variants.0.sku': 'The SKU HAR-A4-M is already used by another product variant.' }}
        onSave={onSave}
        onCancel={noop}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: storeMessages.editProduct });
    const first = within(dialog).getByRole('group', { name: 'Variant 1' });
    expect(
      within(first).getByText('The SKU HAR-A4-M is already used by another product variant.'),
    ).toBeTruthy();
    fireEvent.change(within(first).getByLabelText(storeMessages.stock), { target: { value: '9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: storeMessages.save }));
    expect(onSave.mock.calls[0]![0].variants[0]).toMatchObject({ id: 'v1', qtyInStock: '9' });
    await expectNoAxeViolations(dialog);
  });

  it('disables saving while a save runs', () => {
    render(<ProductEditor isOpen isSaving currency="USD" onSave={noop} onCancel={noop} />);
    expect((screen.getByRole('button', { name: storeMessages.saving }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});

describe('InventoryTable', () => {
  it('sets stock inline on Enter, only when it changed', async () => {
    const onSetStock = vi.fn();
    const { container } = render(<InventoryTable items={sampleInventory} onSetStock={onSetStock} />);
    const input = screen.getByRole('spinbutton', { name: 'Stock of Harbour at dawn – A4 – Matte' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSetStock).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSetStock).toHaveBeenCalledWith(sampleInventory[0], { qtyInStock: 12 });
    await expectNoAxeViolations(container);
  });

  it.each([
    ['empty', { items: [] }],
    ['loading', { items: undefined, isLoading: true }],
    ['failed', { items: undefined, error: 'Unable to load. Try again.' }],
    ['read only', { items: sampleInventory, isReadOnly: true }],
  ])('has a %s state without axe violations', async (_name, props) => {
    const { container } = render(<InventoryTable onSetStock={noop} {...props} />);
    await expectNoAxeViolations(container);
  });
});

describe('Orders', () => {
  it('lists orders and opens one', async () => {
    const onOpen = vi.fn();
    const { container } = render(
      <OrdersTable
        orders={[sampleOrder]}
        filters={{ q: '', status: '', from: '', to: '' }}
        onFiltersChange={noop}
        onOpen={onOpen}
        csvHref="/csv"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Order #1042' }));
    expect(onOpen).toHaveBeenCalledWith(sampleOrder);
    expect(screen.getByRole('link', { name: storeMessages.exportCsv }).getAttribute('href')).toBe('/csv');
    await expectNoAxeViolations(container);
  });

  it('shows lines with personalisation, fulfils with a tracking number and refunds a line', async () => {
    const onFulfil = vi.fn();
    const onRefund = vi.fn();
    const { container } = render(
      <OrderDetailView
        order={sampleOrder}
        onFulfil={onFulfil}
        onRefund={onRefund}
        onCancel={noop}
        onBack={noop}
      />,
    );
    expect(container.textContent).toContain('Inscription: For Charles');
    // The second line is refunded in full already.
    expect(
      (
        screen.getByRole('button', {
          name: `${storeMessages.refund}: Harbour at dawn (HAR-A4-M)`,
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
    fireEvent.click(
      screen.getByRole('button', { name: `${storeMessages.refund}: Harbour at dawn (HAR-A3-M)` }),
    );
    expect(onRefund).toHaveBeenCalledWith(sampleOrder.lines[0]);
    fireEvent.change(screen.getByLabelText(storeMessages.trackingNumber), { target: { value: '1Z999' } });
    fireEvent.click(screen.getByRole('button', { name: storeMessages.fulfil }));
    expect(onFulfil).toHaveBeenCalledWith({ trackingNumber: '1Z999' });
    await expectNoAxeViolations(container);
  });

  it('has empty, loading and failed list states without axe violations', async () => {
    for (const props of [
      { orders: [] },
      { orders: undefined, isLoading: true },
      { orders: undefined, error: 'Unable to load. Try again.' },
    ]) {
      const { container } = render(
        <OrdersTable
          filters={{ q: '', status: '', from: '', to: '' }}
          onFiltersChange={noop}
          onOpen={noop}
          csvHref="/csv"
          {...props}
        />,
      );
      await expectNoAxeViolations(container);
      cleanup();
    }
  });
});
