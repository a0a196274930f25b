import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { InventoryTable } from './InventoryTable';
import { OrderDetailView } from './OrderDetailView';
import { OrdersExport } from './OrdersExport';
import { OrdersTable, type SubscriptionAnswer } from './OrdersTable';
import { ProductEditor } from './ProductEditor';
import { ProductTable } from './ProductTable';
import { RefundAmountForm } from './RefundAmountForm';
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

describe('ProductTable category filter', () => {
  it('offers the store categories and reports a choice', () => {
    const onFiltersChange = vi.fn();
    render(
      <ProductTable
        products={sampleProducts}
        filters={filters}
        categories={['Posters', 'Prints']}
        onFiltersChange={onFiltersChange}
        onEdit={noop}
        onAdd={noop}
        onToggleEnabled={noop}
      />,
    );
    const select = screen.getByRole('combobox', { name: storeMessages.categoryFilter });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([storeMessages.allCategories, 'Posters', 'Prints']);
    fireEvent.change(select, { target: { value: 'Prints' } });
    expect(onFiltersChange).toHaveBeenCalledWith({ ...filters, category: 'Prints' });
  });

  it('has no category filter while the store has no categories', () => {
    render(
      <ProductTable
        products={sampleProducts}
        filters={filters}
        onFiltersChange={noop}
        onEdit={noop}
        onAdd={noop}
        onToggleEnabled={noop}
      />,
    );
    expect(screen.queryByRole('combobox', { name: storeMessages.categoryFilter })).toBeNull();
  });

  it('says nothing matches and clears every filter but the sort', async () => {
    const onFiltersChange = vi.fn();
    const narrowed = {
      q: 'zzz',
      type: 'digital' as const,
      stock: 'low' as const,
      category: 'Prints',
      sort: 'title' as const,
    };
    const { container } = render(
      <ProductTable
        products={[]}
        filters={narrowed}
        categories={['Prints']}
        onFiltersChange={onFiltersChange}
        onEdit={noop}
        onAdd={noop}
        onToggleEnabled={noop}
      />,
    );
    expect(container.textContent).toContain(storeMessages.noMatches);
    expect(container.textContent).not.toContain(storeMessages.noProductsBody);
    fireEvent.click(screen.getByRole('button', { name: storeMessages.clearFilters }));
    expect(onFiltersChange).toHaveBeenCalledWith({ q: '', type: '', stock: '', category: '', sort: 'title' });
    await expectNoAxeViolations(container);
  });

  it('acts only on chosen products the filter still lists', () => {
    const onBulk = vi.fn();
    const props = {
      filters,
      categories: ['Prints'],
      onFiltersChange: noop,
      onEdit: noop,
      onAdd: noop,
      onToggleEnabled: noop,
      onBulk,
    };
    const { rerender } = render(<ProductTable products={sampleProducts} {...props} />);
    fireEvent.click(screen.getByRole('checkbox', { name: storeMessages.selectAll }));
    // The owner picks a category: only the first product is still listed.
    rerender(
      <ProductTable
        products={sampleProducts.slice(0, 1)}
        {...props}
        filters={{ ...filters, category: 'Prints' }}
      />,
    );
    const bar = screen.getByRole('toolbar', { name: storeMessages.bulkActions });
    expect(bar.textContent).toContain(storeMessages.selectedCount(1));
    fireEvent.click(within(bar).getByRole('button', { name: storeMessages.bulkEnable }));
    expect(onBulk).toHaveBeenCalledWith('enable', [sampleProducts[0]]);
  });
});

/** Title, SKU and price: a form with them empty is not submitted. */
function fillRequired(dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByRole('textbox', { name: storeMessages.title }), {
    target: { value: 'T' },
  });
  fireEvent.change(within(dialog).getByRole('textbox', { name: storeMessages.sku }), {
    target: { value: 'S' },
  });
  fireEvent.change(within(dialog).getByRole('textbox', { name: storeMessages.price }), {
    target: { value: '100' },
  });
}

describe('ProductTable bulk actions and sort', () => {
  const table = (props: Partial<Parameters<typeof ProductTable>[0]> = {}) =>
    render(
      <ProductTable
        products={sampleProducts}
        filters={filters}
        onFiltersChange={noop}
        onEdit={noop}
        onAdd={noop}
        onToggleEnabled={noop}
        {...props}
      />,
    );

  it('hides the chosen products in one action and clears the choice', async () => {
    const onBulk = vi.fn();
    const { container } = table({ onBulk });
    expect(screen.queryByRole('toolbar', { name: storeMessages.bulkActions })).toBeNull();
    fireEvent.click(
      screen.getByRole('checkbox', { name: storeMessages.selectProduct(sampleProducts[0]!.title) }),
    );
    fireEvent.click(
      screen.getByRole('checkbox', { name: storeMessages.selectProduct(sampleProducts[1]!.title) }),
    );
    const bar = screen.getByRole('toolbar', { name: storeMessages.bulkActions });
    expect(bar.textContent).toContain(storeMessages.selectedCount(2));
    fireEvent.click(within(bar).getByRole('button', { name: storeMessages.bulkDisable }));
    expect(onBulk).toHaveBeenCalledWith('disable', [sampleProducts[0], sampleProducts[1]]);
    expect(screen.queryByRole('toolbar', { name: storeMessages.bulkActions })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('deletes only after confirming, naming the products', () => {
    const onBulk = vi.fn();
    table({ onBulk });
    fireEvent.click(screen.getByRole('checkbox', { name: storeMessages.selectAll }));
    fireEvent.click(screen.getByRole('button', { name: storeMessages.bulkDelete }));
    expect(onBulk).not.toHaveBeenCalled();
    const dialog = screen.getByRole('alertdialog', {
      name: storeMessages.confirmDeleteTitle(sampleProducts.length),
    });
    expect(dialog.textContent).toContain(sampleProducts[0]!.title);
    fireEvent.click(within(dialog).getByRole('button', { name: storeMessages.bulkDelete }));
    expect(onBulk).toHaveBeenCalledWith('delete', sampleProducts);
  });

  it('offers no selection to a viewer, and reports a sort change', () => {
    const onFiltersChange = vi.fn();
    table({ onBulk: noop, isReadOnly: true, onFiltersChange });
    expect(screen.queryByRole('checkbox', { name: storeMessages.selectAll })).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: storeMessages.sortBy }), {
      target: { value: 'newest' },
    });
    expect(onFiltersChange).toHaveBeenCalledWith({ ...filters, sort: 'newest' });
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

  it("reorders and renames options, keeping each variant's values under the new name", () => {
    const onSave = vi.fn();
    render(
      <ProductEditor isOpen currency="USD" product={sampleProducts[0]} onSave={onSave} onCancel={noop} />,
    );
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move Paper up' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Option 2 name' }), {
      target: { value: 'Format' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: storeMessages.save }));
    const draft = onSave.mock.calls[0]![0];
    expect(draft.options).toEqual(['Paper', 'Format']);
    expect(draft.variants[0].attributes).toEqual({ Paper: 'Matte', Format: 'A4' });
  });

  it('adds images and the file to deliver from the file manager, in order, and removes them', async () => {
    const onSave = vi.fn();
    const onPickFile = vi.fn();
    render(<ProductEditor isOpen currency="USD" onPickFile={onPickFile} onSave={onSave} onCancel={noop} />);
    const dialog = screen.getByRole('dialog', { name: storeMessages.newProduct });
    fireEvent.change(within(dialog).getByRole('combobox', { name: storeMessages.productType }), {
      target: { value: 'digital' },
    });
    expect(within(dialog).queryByRole('button', { name: storeMessages.addVariant })).toBeNull();
    fillRequired(dialog);
    expect(within(dialog).getByText(storeMessages.noDigitalFile)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: storeMessages.addImage }));
    expect(onPickFile).toHaveBeenLastCalledWith('image', expect.any(Function));
    act(() => onPickFile.mock.calls[0]![1]({ id: 'f1', name: 'cover.jpg', url: '/cover.jpg' }));
    fireEvent.click(within(dialog).getByRole('button', { name: storeMessages.addImage }));
    act(() => onPickFile.mock.calls[1]![1]({ id: 'f2', name: 'back.jpg', url: '/back.jpg' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move back.jpg up' }));
    fireEvent.click(within(dialog).getByRole('button', { name: storeMessages.chooseFile }));
    expect(onPickFile).toHaveBeenLastCalledWith('file', expect.any(Function));
    act(() => onPickFile.mock.calls[2]![1]({ id: 'zip', name: 'album.zip' }));
    expect(within(dialog).getByText('album.zip')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: storeMessages.save }));
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      productType: 'digital',
      imageFileIds: ['f2', 'f1'],
      digitalFileId: 'zip',
      options: [],
    });
    fireEvent.click(within(dialog).getByRole('button', { name: storeMessages.removeFile }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove cover.jpg' }));
    fireEvent.click(within(dialog).getByRole('button', { name: storeMessages.save }));
    expect(onSave.mock.calls[1]![0]).toMatchObject({ imageFileIds: ['f2'], digitalFileId: '' });
    await expectNoAxeViolations(dialog);
  });

  it('gives a gift card the one option Amount and no subscription', () => {
    const onSave = vi.fn();
    render(<ProductEditor isOpen currency="EUR" onSave={onSave} onCancel={noop} />);
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByRole('combobox', { name: storeMessages.productType }), {
      target: { value: 'giftCard' },
    });
    expect(within(dialog).getByRole('group', { name: storeMessages.denominations })).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox', { name: storeMessages.sellAsSubscription })).toBeNull();
    expect(within(dialog).queryByRole('group', { name: storeMessages.shippingMeasures })).toBeNull();
    fillRequired(dialog);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Amount' }), { target: { value: '€25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: storeMessages.save }));
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      productType: 'giftCard',
      options: ['Amount'],
      variants: [{ attributes: { Amount: '€25' } }],
      subscription: { enabled: false },
    });
  });

  it('sets merchandising, shipping, the form and translations per added language', async () => {
    const onSave = vi.fn();
    const onDraftChange = vi.fn();
    render(
      <ProductEditor
        isOpen
        currency="USD"
        product={sampleProducts[0]}
        forms={[{ id: 'form-1', name: 'Engraving' }]}
        languages={[{ code: 'fr', name: 'Français' }]}
        issues={{ 'translations.fr.title': "That language is not one of this site's languages." }}
        onDraftChange={onDraftChange}
        onSave={onSave}
        onCancel={noop}
      />,
    );
    const dialog = screen.getByRole('dialog');
    const change = (name: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(name), { target: { value } });
    change(storeMessages.additionalFields, 'form-1');
    change(storeMessages.scarcity, 'on');
    change(storeMessages.scarcityText, 'Only {qtyInStock} left');
    change(storeMessages.customSoldOutText, 'Gone');
    change(storeMessages.restockNotifications, 'off');
    expect(within(dialog).queryByLabelText(storeMessages.mailingListSignUp)).toBeNull();
    change(storeMessages.weightGrams, '450');
    fireEvent.change(
      within(dialog).getByRole('textbox', { name: new RegExp(storeMessages.translatedTitle('Français')) }),
      {
        target: { value: 'Port à l’aube' },
      },
    );
    expect(within(dialog).getByText("That language is not one of this site's languages.")).toBeTruthy();
    expect(onDraftChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ translations: { fr: { title: 'Port à l’aube', excerpt: '' } } }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: storeMessages.save }));
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      additionalFieldsFormId: 'form-1',
      merchandising: {
        scarcity: 'on',
        scarcityText: 'Only {qtyInStock} left',
        customSoldOutText: 'Gone',
        restockNotifications: 'off',
      },
      shipping: { weightGrams: '450' },
      translations: { fr: { title: 'Port à l’aube' } },
    });
    await expectNoAxeViolations(dialog);
  });

  it('says where to add languages and forms when the site has none', () => {
    render(<ProductEditor isOpen currency="USD" onSave={noop} onCancel={noop} />);
    expect(screen.getByText(storeMessages.noLanguages)).toBeTruthy();
    expect(screen.getByText(storeMessages.noForms)).toBeTruthy();
  });

  it('shows stored prices as the owner writes them and takes French amounts', () => {
    const onSave = vi.fn();
    render(
      <ProductEditor
        isOpen
        currency="EUR"
        locale="fr-FR"
        product={{
          ...sampleProducts[0]!,
          variants: sampleProducts[0]!.variants.map((v) => ({
            ...v,
            price: { value: '2500', currency: 'EUR' },
          })),
        }}
        onSave={onSave}
        onCancel={noop}
      />,
    );
    const dialog = screen.getByRole('dialog');
    const first = within(dialog).getByRole('group', { name: 'Variant 1' });
    const price = within(first).getByRole('textbox', { name: storeMessages.price }) as HTMLInputElement;
    expect(price.value).toBe('25,00');
    expect(dialog.textContent).toContain('In EUR, for example 8,50.');
    fireEvent.change(price, { target: { value: '8,5' } });
    fireEvent.blur(price);
    expect(price.value).toBe('8,50');
    fireEvent.click(within(dialog).getByRole('button', { name: storeMessages.save }));
    expect(onSave.mock.calls[0]![0].variants[0]).toMatchObject({ price: '8,50' });
  });

  it('refuses to save a price that is not money, saying at the field what to type', async () => {
    const onSave = vi.fn();
    render(<ProductEditor isOpen currency="USD" locale="en-US" onSave={onSave} onCancel={noop} />);
    const dialog = screen.getByRole('dialog');
    fillRequired(dialog);
    const price = within(dialog).getByRole('textbox', { name: storeMessages.price });
    fireEvent.change(price, { target: { value: '8,50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: storeMessages.save }));
    expect(onSave).not.toHaveBeenCalled();
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Type an amount in USD with digits, like 8.50.')).toBeTruthy();
    await expectNoAxeViolations(dialog);
    fireEvent.change(price, { target: { value: '8.50' } });
    expect(within(dialog).queryByText('Type an amount in USD with digits, like 8.50.')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: storeMessages.save }));
    expect(onSave.mock.calls[0]![0].variants[0]).toMatchObject({ price: '8.50' });
  });

  it('leaves the SKU to be made when empty', () => {
    const onSave = vi.fn();
    render(<ProductEditor isOpen currency="USD" onSave={onSave} onCancel={noop} />);
    const dialog = screen.getByRole('dialog');
    fillRequired(dialog);
    const sku = within(dialog).getByRole('textbox', { name: storeMessages.sku }) as HTMLInputElement;
    expect(sku.required).toBe(false);
    expect(sku.placeholder).toBe(storeMessages.skuHint);
    fireEvent.change(sku, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: storeMessages.save }));
    expect(onSave.mock.calls[0]![0].variants[0]).toMatchObject({ sku: '' });
  });

  it('refuses to save while an option name is typed but not added, pointing at it', () => {
    const onSave = vi.fn();
    render(<ProductEditor isOpen currency="USD" onSave={onSave} onCancel={noop} />);
    const dialog = screen.getByRole('dialog');
    fillRequired(dialog);
    const pending = within(dialog).getByRole('textbox', { name: 'Option 1 name' });
    fireEvent.change(pending, { target: { value: 'Colour' } });
    fireEvent.click(within(dialog).getByRole('button', { name: storeMessages.save }));
    expect(onSave).not.toHaveBeenCalled();
    expect(pending.getAttribute('aria-invalid')).toBe('true');
    const message = storeMessages.optionNotAdded('Colour');
    expect(message).toBe('Press “Add option” to add “Colour”, or clear the box.');
    expect(document.getElementById(pending.getAttribute('aria-describedby')!)?.textContent).toBe(message);
    fireEvent.click(within(dialog).getByRole('button', { name: storeMessages.addOption }));
    expect(within(dialog).queryByText(message)).toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Colour' }), { target: { value: 'Red' } });
    fireEvent.click(within(dialog).getByRole('button', { name: storeMessages.save }));
    expect(onSave.mock.calls[0]![0]).toMatchObject({ options: ['Colour'], pendingOption: '' });
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
        exportControl={<OrdersExport latest={null} onStart={noop} />}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Order #1042' }));
    expect(onOpen).toHaveBeenCalledWith(sampleOrder);
    expect(screen.getByRole('button', { name: storeMessages.exportCsv })).toBeDefined();
    await expectNoAxeViolations(container);
  });

  it('links to the order’s emails as the site sends them (page type 301), in a new tab; no shipping email once cancelled', async () => {
    const props = { onFulfil: noop, onRefund: noop, onCancel: noop, onBack: noop };
    const href = (email: string) => `/commerce/email-preview?order=o1&email=${email}`;
    const { container } = render(<OrderDetailView order={sampleOrder} emailPreviewHref={href} {...props} />);
    const emails = screen.getByRole('navigation', { name: storeMessages.customerEmails });
    const receipt = within(emails).getByRole('link', { name: /Preview the order confirmation email/ });
    expect(receipt.getAttribute('href')).toBe(href('order-receipt'));
    expect(receipt.getAttribute('target')).toBe('_blank');
    expect(receipt.textContent).toContain('(opens in a new tab)');
    expect(
      within(emails)
        .getByRole('link', { name: /Preview the shipping email/ })
        .getAttribute('href'),
    ).toBe(href('shipping'));
    await expectNoAxeViolations(container);
    cleanup();
    render(
      <OrderDetailView order={{ ...sampleOrder, status: 'cancelled' }} emailPreviewHref={href} {...props} />,
    );
    expect(screen.queryByRole('link', { name: /Preview the shipping email/ })).toBeNull();
    cleanup();
    render(<OrderDetailView order={sampleOrder} {...props} />);
    expect(screen.queryByRole('navigation', { name: storeMessages.customerEmails })).toBeNull();
  });

  it('shows the customer’s note from the checkout, and nothing when they left none', () => {
    const props = { onFulfil: noop, onRefund: noop, onCancel: noop, onBack: noop };
    render(<OrderDetailView order={sampleOrder} {...props} />);
    const note = screen.getByRole('region', { name: storeMessages.customerNote });
    expect(note.textContent).toContain('Please wrap it as a gift — it is for my sister.');
    cleanup();
    render(<OrderDetailView order={{ ...sampleOrder, orderNote: null }} {...props} />);
    expect(screen.queryByRole('region', { name: storeMessages.customerNote })).toBeNull();
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
    expect(onFulfil).toHaveBeenCalledWith({ trackingNumber: '1Z999', notifyCustomer: true });
    await expectNoAxeViolations(container);
  });

  it('without the move-money right there is no Refund and no Cancel, but fulfilling stays', async () => {
    const { container } = render(
      <OrderDetailView
        order={sampleOrder}
        canMoveMoney={false}
        onFulfil={noop}
        onRefund={noop}
        onCancel={noop}
        onBack={noop}
      />,
    );
    expect(screen.queryByRole('button', { name: new RegExp(`^${storeMessages.refund}`) })).toBeNull();
    expect(screen.queryByRole('button', { name: storeMessages.cancelOrder })).toBeNull();
    expect(screen.getByRole('button', { name: storeMessages.fulfil })).toBeDefined();
    await expectNoAxeViolations(container);
  });

  it('builds the tracking link of a listed carrier and shows it before the customer is emailed', () => {
    const onFulfil = vi.fn();
    render(
      <OrderDetailView
        order={sampleOrder}
        emailCustomerByDefault={false}
        onFulfil={onFulfil}
        onRefund={noop}
        onCancel={noop}
        onBack={noop}
      />,
    );
    const email = screen.getByRole('checkbox', { name: new RegExp(storeMessages.emailCustomer) });
    // The store's shipping-email setting is off: the box starts unticked.
    expect((email as HTMLInputElement).checked).toBe(false);
    fireEvent.change(screen.getByLabelText(storeMessages.trackingNumber), {
      target: { value: 'AB123456789GB' },
    });
    fireEvent.change(screen.getByLabelText(storeMessages.carrier), { target: { value: 'Royal Mail' } });
    expect(
      screen.getByRole('link', {
        name: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
      }),
    ).toBeTruthy();
    fireEvent.click(email);
    fireEvent.click(screen.getByRole('button', { name: storeMessages.fulfil }));
    expect(onFulfil).toHaveBeenCalledWith({
      trackingNumber: 'AB123456789GB',
      carrier: 'Royal Mail',
      notifyCustomer: true,
    });
  });

  it('takes another carrier’s name and tracking link, refusing a link that is not a web address', () => {
    const onFulfil = vi.fn();
    render(
      <OrderDetailView
        order={sampleOrder}
        onFulfil={onFulfil}
        onRefund={noop}
        onCancel={noop}
        onBack={noop}
      />,
    );
    fireEvent.change(screen.getByLabelText(storeMessages.trackingNumber), { target: { value: 'EV-42' } });
    fireEvent.change(screen.getByLabelText(storeMessages.carrier), { target: { value: 'other' } });
    fireEvent.change(screen.getByLabelText(storeMessages.otherCarrierName), { target: { value: 'Evri' } });
    fireEvent.change(screen.getByLabelText(storeMessages.trackingLink), {
      target: { value: 'evri tracking' },
    });
    fireEvent.click(screen.getByRole('button', { name: storeMessages.fulfil }));
    expect(screen.getByRole('alert').textContent).toBe(storeMessages.trackingLinkInvalid);
    expect(onFulfil).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(storeMessages.trackingLink), {
      target: { value: 'https://www.evri.com/track/parcel/EV-42' },
    });
    fireEvent.click(screen.getByRole('button', { name: storeMessages.fulfil }));
    expect(onFulfil).toHaveBeenCalledWith({
      trackingNumber: 'EV-42',
      carrier: 'Evri',
      trackingUrl: 'https://www.evri.com/track/parcel/EV-42',
      notifyCustomer: true,
    });
  });

  it('says what the last action did in a status message, with its next step, and links a fulfilled order’s parcel', async () => {
    const onDismiss = vi.fn();
    const fulfilled = { ...sampleOrder, status: 'fulfilled', trackingNumber: '1Z999', carrier: 'UPS' };
    const { container } = render(
      <OrderDetailView
        order={fulfilled}
        notice={{
          message: storeMessages.fulfilled(1042, 'ada@example.com'),
          next: <a href="/orders">{storeMessages.back}</a>,
        }}
        onDismissNotice={onDismiss}
        onFulfil={noop}
        onRefund={noop}
        onCancel={noop}
        onBack={noop}
      />,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toContain(
      'Order #1042 is marked fulfilled. ada@example.com is being emailed the tracking details.',
    );
    expect(within(status).getByRole('link', { name: storeMessages.back })).toBeTruthy();
    expect(screen.getByRole('link', { name: storeMessages.openTrackingPage }).getAttribute('href')).toBe(
      'https://www.ups.com/track?tracknum=1Z999',
    );
    fireEvent.click(within(status).getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('RefundAmountForm refuses what is not money or more than is left, then hands on the typed amount', async () => {
    const onRefund = vi.fn();
    const { container } = render(<RefundAmountForm order={sampleOrder} onRefund={onRefund} />);
    const amount = screen.getByLabelText('Amount (USD)');
    fireEvent.change(amount, { target: { value: 'four' } });
    fireEvent.click(screen.getByRole('button', { name: storeMessages.refundButton }));
    expect(screen.getByRole('alert').textContent).toBe('Enter the amount to refund as money, such as 4.25.');
    fireEvent.change(amount, { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: storeMessages.refundButton }));
    expect(screen.getByRole('alert').textContent).toBe('You can refund at most $72.95 on this order.');
    fireEvent.change(amount, { target: { value: '4.25' } });
    fireEvent.click(screen.getByRole('button', { name: storeMessages.refundButton }));
    expect(onRefund).toHaveBeenCalledWith('4.25', 425);
    // Kept until the refund is done, so a refusal can be corrected.
    expect((amount as HTMLInputElement).value).toBe('4.25');
    await expectNoAxeViolations(container);
  });

  it('RefundAmountForm announces the refund and empties the field; with nothing left it shows only the answer', () => {
    const { rerender } = render(<RefundAmountForm order={sampleOrder} onRefund={noop} />);
    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '4.25' } });
    const notice = { message: 'Refunded $4.25. The customer sees it on their statement in 5 to 10 days.' };
    rerender(<RefundAmountForm order={sampleOrder} notice={notice} onRefund={noop} />);
    expect(screen.getByRole('status').textContent).toContain('Refunded $4.25.');
    expect((screen.getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe('');
    const spent = { ...sampleOrder, refundable: { value: '0', currency: 'USD' } };
    rerender(<RefundAmountForm order={spent} notice={notice} onRefund={noop} />);
    expect(screen.queryByLabelText('Amount (USD)')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Refunded $4.25.');
    rerender(<RefundAmountForm order={spent} onRefund={noop} />);
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('resumes a paused subscription after a confirmation naming the amount, and shows the answer beside the row', async () => {
    const paused = { ...sampleOrder, subscriptionState: 'paused' as const };
    const active = { ...sampleOrder, id: 'o2', orderNumber: 1043, subscriptionState: 'active' as const };
    const cancelled = {
      ...sampleOrder,
      id: 'o3',
      orderNumber: 1044,
      subscriptionState: 'cancelled' as const,
    };
    const onResume = vi.fn();
    const onCancel = vi.fn();
    const table = (answers: Record<string, SubscriptionAnswer>) => (
      <OrdersTable
        orders={[paused, active, cancelled]}
        filters={{ q: '', status: '', from: '', to: '' }}
        onFiltersChange={noop}
        onOpen={noop}
        exportControl={<OrdersExport latest={null} onStart={noop} />}
        subscriptions={{ onResume, onCancel, answers }}
      />
    );
    const { container, rerender } = render(table({}));
    // Resume only on the paused row; Cancel on the active and paused ones, none on the cancelled one.
    expect(screen.getAllByRole('button', { name: /^Resume / })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^Cancel / })).toHaveLength(2);
    expect(
      screen.queryByRole('button', { name: storeMessages.cancelSubscriptionOf('Order #1044') }),
    ).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: storeMessages.resumeSubscriptionOf('Order #1042') }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(storeMessages.confirmResumeBody('$72.95', 'ada@example.com'));
    expect(onResume).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: storeMessages.confirmResume('$72.95') }));
    expect(onResume).toHaveBeenCalledWith(paused);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    rerender(
      table({
        o1: {
          tone: 'error',
          text: 'The card was declined, so the subscription stays paused: Your card was declined.',
        },
      }),
    );
    expect(screen.getByRole('alert').textContent).toContain('Your card was declined.');
    await expectNoAxeViolations(container);

    fireEvent.click(screen.getByRole('button', { name: storeMessages.cancelSubscriptionOf('Order #1043') }));
    await screen.findByRole('alertdialog');
    fireEvent.click(screen.getByRole('button', { name: storeMessages.confirmCancel }));
    expect(onCancel).toHaveBeenCalledWith(active);
    expect(onResume).toHaveBeenCalledTimes(1);
  });

  it('shows a subscription state without its actions to a role that may not charge', () => {
    render(
      <OrdersTable
        orders={[{ ...sampleOrder, subscriptionState: 'paused' }]}
        filters={{ q: '', status: '', from: '', to: '' }}
        onFiltersChange={noop}
        onOpen={noop}
        exportControl={<OrdersExport latest={null} onStart={noop} />}
        subscriptions={{ onResume: noop, onCancel: noop, answers: {}, isReadOnly: true }}
      />,
    );
    expect(screen.getByText(storeMessages.subscriptionStates.paused!)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Resume / })).toBeNull();
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
          exportControl={<OrdersExport latest={null} onStart={noop} />}
          {...props}
        />,
      );
      await expectNoAxeViolations(container);
      cleanup();
    }
  });
});
