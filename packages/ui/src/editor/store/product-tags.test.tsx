import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { tagMessages } from '@site/page-content';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { ProductEditor } from './ProductEditor';
import { ProductTable } from './ProductTable';
import { ProductTagsPanel } from './ProductTagsPanel';
import { sampleKnownNames, sampleProducts } from './sample-store';
import { storeMessages as m } from './store-messages';

afterEach(cleanup);
const noop = () => {};

const addBox = (tagType: 'tag' | 'category') => screen.getByLabelText(m.newName(tagType));
const type = (tagType: 'tag' | 'category', value: string) => {
  fireEvent.change(addBox(tagType), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: m.addName(tagType) }));
};

describe('ProductTagsPanel', () => {
  it.each([
    ['tag', 'x'.repeat(50), true],
    ['tag', 'y'.repeat(51), false],
    ['category', 'z'.repeat(25), true],
    ['category', 'w'.repeat(26), false],
    ['category', '🧵'.repeat(25), true],
    ['tag', '   ', false],
  ] as const)(
    'adds a %s of %j only within its limit (tag ≤ 50, category ≤ 25): %s',
    (tagType, name, added) => {
      const onChange = vi.fn();
      render(<ProductTagsPanel value={{ tags: [], categories: [] }} onChange={onChange} />);
      type(tagType, name);
      if (added) {
        expect(onChange).toHaveBeenCalledWith({
          tags: [],
          categories: [],
          [tagType === 'tag' ? 'tags' : 'categories']: [name.trim()],
        });
      } else {
        expect(onChange).not.toHaveBeenCalled();
        const message = name.trim() === '' ? tagMessages.required(tagType) : tagMessages.tooLong(tagType);
        expect(screen.getByRole('alert').textContent).toBe(message);
        expect(addBox(tagType).getAttribute('aria-invalid')).toBe('true');
      }
    },
  );

  it("offers the store's names not yet chosen, keeps a known name's spelling, and adds each name once", () => {
    const onChange = vi.fn();
    const { container } = render(
      <ProductTagsPanel
        value={{ tags: ['print'], categories: [] }}
        known={sampleKnownNames}
        onChange={onChange}
      />,
    );
    const offered = [
      ...container.querySelectorAll(
        `datalist#${addBox('tag').getAttribute('list')!.replace(/:/g, '\\:')} option`,
      ),
    ].map((o) => o.getAttribute('value'));
    expect(offered).toEqual(['gift idea', 'limited run']);
    type('category', ' prints ');
    expect(onChange).toHaveBeenLastCalledWith({ tags: ['print'], categories: ['Prints'] });
    onChange.mockClear();
    type('tag', 'PRINT');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(addBox('tag'), { target: { value: 'new one' } });
    fireEvent.keyDown(addBox('tag'), { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith({ tags: ['print', 'new one'], categories: [] });
  });

  it('removes a chosen name', () => {
    const onChange = vi.fn();
    render(
      <ProductTagsPanel
        value={{ tags: ['print', 'gift idea'], categories: ['Prints'] }}
        onChange={onChange}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: m.removeName('tag', 'gift idea') }));
    expect(onChange).toHaveBeenCalledWith({ tags: ['print'], categories: ['Prints'] });
  });

  it.each([
    ['chosen', { value: { tags: ['print'], categories: ['Prints'] }, known: sampleKnownNames }, 'print'],
    ['empty', { value: { tags: [], categories: [] } }, m.noNames('tags')],
    ['loading', { value: { tags: [], categories: [] }, isLoading: true }, m.loadingNames],
    [
      'failed',
      { value: { tags: [], categories: [] }, error: 'Unable to load. Try again.' },
      'Unable to load. Try again.',
    ],
    ['disabled', { value: { tags: ['print'], categories: [] }, isDisabled: true }, 'print'],
  ])('has a %s state without axe violations', async (_name, props, text) => {
    const { container } = render(<ProductTagsPanel onChange={noop} {...props} />);
    expect(container.textContent).toContain(text);
    await expectNoAxeViolations(container);
  });
});

describe('ProductEditor tags and categories', () => {
  it("starts from the product's names and saves the changed names with the draft", async () => {
    const onSave = vi.fn();
    render(
      <ProductEditor
        isOpen
        currency="USD"
        product={sampleProducts[0]}
        knownNames={sampleKnownNames}
        onSave={onSave}
        onCancel={noop}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: m.editProduct });
    const panel = within(dialog).getByRole('group', { name: m.tagsAndCategories });
    fireEvent.click(within(panel).getByRole('button', { name: m.removeName('tag', 'print') }));
    fireEvent.change(within(panel).getByLabelText(m.newName('category')), { target: { value: 'Cards' } });
    // Enter in the box adds the name; it does not submit the product.
    fireEvent.keyDown(within(panel).getByLabelText(m.newName('category')), { key: 'Enter' });
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: m.save }));
    expect(onSave.mock.calls[0]![0]).toMatchObject({ tags: ['gift idea'], categories: ['Prints', 'Cards'] });
    await expectNoAxeViolations(dialog);
  });
});

describe('store tables on a phone', () => {
  it('puts the products table in its own named, keyboard-reachable scroll box', () => {
    render(
      <ProductTable
        products={sampleProducts}
        filters={{ q: '', type: '', stock: '' }}
        onFiltersChange={noop}
        onEdit={noop}
        onAdd={noop}
        onToggleEnabled={noop}
      />,
    );
    const box = screen.getByRole('region', { name: m.tableOf(m.products) });
    expect(box.className).toBe('ed-table-scroll');
    expect(box.tabIndex).toBe(0);
    expect(within(box).getByRole('table')).toBeTruthy();
  });
});
