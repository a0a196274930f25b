import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { TagManagerPanel } from './TagManagerPanel';

afterEach(cleanup);

const tags = [
  { name: 'canvas', count: 1 },
  { name: 'notebooks', count: 2 },
  { name: 'workshop', count: 1 },
];
const handlers = () => ({ onCreate: vi.fn(), onRename: vi.fn(), onMerge: vi.fn(), onRemove: vi.fn() });

describe('TagManagerPanel', () => {
  it('creates within the length limits and refuses duplicates with the spec message', async () => {
    const h = handlers();
    const { container } = render(
      <TagManagerPanel tagType="category" tags={[{ name: 'Studio', count: 1 }]} {...h} />,
    );
    await expectNoAxeViolations(container);
    const box = screen.getByLabelText('New category');
    fireEvent.change(box, { target: { value: 'c'.repeat(26) } });
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    expect(screen.getByRole('alert').textContent).toBe('A category can be at most 25 characters');
    fireEvent.change(box, { target: { value: 'studio' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    expect(screen.getByRole('alert').textContent).toBe('This category already exists');
    fireEvent.change(box, { target: { value: ' Workshop ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    expect(h.onCreate).toHaveBeenCalledWith('Workshop');
  });

  it('edits one at a time', () => {
    const h = handlers();
    render(<TagManagerPanel tagType="tag" tags={tags} {...h} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit canvas' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit notebooks' }));
    expect(screen.getByRole('alert').textContent).toBe('You may only edit one tag at a time');
    fireEvent.change(screen.getByLabelText('New name for canvas'), { target: { value: 'Waxed canvas' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(h.onRename).toHaveBeenCalledWith('canvas', 'Waxed canvas');
  });

  it('filters, merges the selected into another and removes', async () => {
    const h = handlers();
    const { container } = render(<TagManagerPanel tagType="tag" tags={tags} {...h} />);
    fireEvent.change(screen.getByLabelText('Filter tags'), { target: { value: 'NOTE' } });
    expect(screen.queryByText('canvas')).toBeNull();
    fireEvent.change(screen.getByLabelText('Filter tags'), { target: { value: '' } });
    fireEvent.click(screen.getByLabelText('Select notebooks'));
    fireEvent.click(screen.getByLabelText('Select workshop'));
    await expectNoAxeViolations(container);
    fireEvent.change(screen.getByLabelText('Merge 2 into'), { target: { value: 'canvas' } });
    fireEvent.click(screen.getByRole('button', { name: 'Merge' }));
    expect(h.onMerge).toHaveBeenCalledWith(['notebooks', 'workshop'], 'canvas');
    fireEvent.click(screen.getByLabelText('Select canvas'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove selected' }));
    expect(h.onRemove).toHaveBeenCalledWith(['canvas']);
  });

  it('hides the changes from a viewer', () => {
    render(<TagManagerPanel tagType="tag" tags={tags} isReadOnly {...handlers()} />);
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByLabelText('New tag')).toBeNull();
  });

  it('counts products for the store, and waits while loading', async () => {
    const { container, rerender } = render(
      <TagManagerPanel
        tagType="category"
        tags={[]}
        isLoading
        items={{ one: 'product', many: 'products' }}
        {...handlers()}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.getByRole('button', { name: 'Add category' })).toHaveProperty('disabled', true);
    await expectNoAxeViolations(container);
    rerender(
      <TagManagerPanel
        tagType="category"
        tags={[
          { name: 'Bags', count: 1 },
          { name: 'Kitchen', count: 2 },
        ]}
        items={{ one: 'product', many: 'products' }}
        {...handlers()}
      />,
    );
    expect(screen.getByText('1 product')).toBeTruthy();
    expect(screen.getByText('2 products')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
