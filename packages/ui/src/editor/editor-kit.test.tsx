import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import {
  BLOCK_DEFINITIONS,
  blockDefinition,
  createBlock,
  messages,
  PICKABLE_BLOCKS,
} from '@site/page-content';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test/axe';
import { BlockInspector } from './BlockInspector';
import { BlockPicker } from './BlockPicker';
import { DeviceSwitcher } from './DeviceSwitcher';
import { ErrorBoundary } from './ErrorFallback';
import { SaveStatus } from './SaveStatus';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';

afterEach(cleanup);

describe('UnsavedChangesDialog', () => {
  it('offers Save, Discard and Review Changes and reports each', () => {
    const onSave = vi.fn();
    const onDiscard = vi.fn();
    const onReview = vi.fn();
    render(
      <UnsavedChangesDialog
        isOpen
        changeCount={2}
        onSave={onSave}
        onDiscard={onDiscard}
        onReview={onReview}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'You have unsaved changes' });
    expect(dialog.textContent).toContain('2 changes have not been saved');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    fireEvent.click(screen.getByRole('button', { name: 'Review Changes' }));
    expect([onSave, onDiscard, onReview].map((f) => f.mock.calls.length)).toEqual([1, 1, 1]);
  });

  it('has no accessibility violations', async () => {
    render(
      <UnsavedChangesDialog
        isOpen
        changeCount={1}
        onSave={() => {}}
        onDiscard={() => {}}
        onReview={() => {}}
      />,
    );
    await expectNoAxeViolations(screen.getByRole('alertdialog'));
  });
});

describe('BlockPicker', () => {
  it('lists every block type and filters by search', () => {
    const onPick = vi.fn();
    render(<BlockPicker onPick={onPick} />);
    expect(screen.getAllByRole('button')).toHaveLength(PICKABLE_BLOCKS.length);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'quot' } });
    fireEvent.click(screen.getByRole('button', { name: /Quote/ }));
    expect(onPick).toHaveBeenCalledWith('quote');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zzz' } });
    expect(screen.getByText('No block matches “zzz”.')).toBeTruthy();
  });

  it('explains the block limit and disables adding', async () => {
    const { container } = render(
      <BlockPicker onPick={() => {}} disabledReason={messages.tooManyBlocks(60)} />,
    );
    expect(screen.getByRole('alert').textContent).toBe(messages.tooManyBlocks(60));
    expect(screen.getAllByRole('button').every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await expectNoAxeViolations(container);
  });
});

describe('BlockInspector', () => {
  it('edits a setting and keeps the others', () => {
    const onChange = vi.fn();
    const settings = createBlock('heading').settings;
    render(
      <BlockInspector definition={blockDefinition('heading')!} settings={settings} onChange={onChange} />,
    );
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Our story' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...settings, text: 'Our story' });
    fireEvent.change(screen.getByLabelText('Style'), { target: { value: '3' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...settings, level: 3 });
  });

  it('clamps numbers into their range', () => {
    const onChange = vi.fn();
    render(
      <BlockInspector
        definition={blockDefinition('spacer')!}
        settings={{ height: 48 }}
        onChange={onChange}
      />,
    );
    fireEvent.change(screen.getByLabelText('Height'), { target: { value: '9999' } });
    expect(onChange).toHaveBeenLastCalledWith({ height: 400 });
  });

  it('adds, moves and removes list items', () => {
    const onChange = vi.fn();
    const items = [
      { title: 'A', body: '' },
      { title: 'B', body: '' },
    ];
    render(
      <BlockInspector definition={blockDefinition('accordion')!} settings={{ items }} onChange={onChange} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move down Item 1' }));
    expect(onChange).toHaveBeenLastCalledWith({ items: [items[1], items[0]] });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Item 2' }));
    expect(onChange).toHaveBeenLastCalledWith({ items: [items[0]] });
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    expect(onChange).toHaveBeenLastCalledWith({ items: [...items, { title: '', body: '' }] });
  });

  it('Max gallery size 50: a full gallery says so and adds no 51st image', () => {
    const onChange = vi.fn();
    const image = { src: '/assets/demo/tote.svg', alt: '', title: '', description: '' };
    const images = Array.from({ length: 50 }, () => image);
    const { rerender } = render(
      <BlockInspector definition={blockDefinition('gallery')!} settings={{ images }} onChange={onChange} />,
    );
    expect(screen.getByRole('button', { name: 'Add image' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(
      'This block holds at most 50 images. Remove one to add another.',
    );
    rerender(
      <BlockInspector
        definition={blockDefinition('gallery')!}
        settings={{ images: images.slice(1) }}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('button', { name: 'Add image' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a field error next to its field', async () => {
    const { container } = render(
      <BlockInspector
        definition={blockDefinition('button')!}
        settings={createBlock('button').settings}
        errors={{ href: messages.invalidLink }}
        onChange={() => {}}
      />,
    );
    expect(screen.getByLabelText('Link').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(messages.invalidLink)).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it.each(BLOCK_DEFINITIONS.map((d) => d.type))(
    'the %s inspector has no accessibility violations',
    async (type) => {
      const { container } = render(
        <BlockInspector
          definition={blockDefinition(type)!}
          settings={createBlock(type).settings}
          onChange={() => {}}
        />,
      );
      await expectNoAxeViolations(container);
    },
  );
});

describe('DeviceSwitcher and SaveStatus', () => {
  it('switches device views', async () => {
    const onChange = vi.fn();
    const { container } = render(<DeviceSwitcher value="desktop" onChange={onChange} />);
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual([
      'Wide',
      'Desktop',
      'Tablet',
      'Phone',
    ]);
    fireEvent.click(screen.getByRole('radio', { name: 'Phone' }));
    expect(onChange).toHaveBeenCalledWith('phone');
    fireEvent.click(screen.getByRole('radio', { name: 'Wide' }));
    expect(onChange).toHaveBeenCalledWith('wide');
    await expectNoAxeViolations(container);
  });

  it('offers only the views a screen can show', () => {
    render(<DeviceSwitcher value="desktop" onChange={() => {}} views={['desktop', 'phone']} />);
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual([
      'Desktop',
      'Phone',
    ]);
  });

  it('announces a failed save with a retry', () => {
    const onRetry = vi.fn();
    render(<SaveStatus state={{ kind: 'failed', message: 'Network error' }} onRetry={onRetry} />);
    expect(screen.getByRole('status').textContent).toContain('Network error');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
  });
});

describe('ErrorBoundary', () => {
  it('reports the error and shows fallback content', () => {
    const onError = vi.fn();
    const Boom = () => {
      throw new Error('boom');
    };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary onError={onError}>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong');
    expect(onError.mock.calls[0]![0].message).toBe('boom');
  });
});

describe('BlockInspector product search', () => {
  it('searches as the owner types, picks from the matches, and says when none match', async () => {
    const onQueryChange = vi.fn();
    const onChange = vi.fn();
    const { container, rerender } = render(
      <BlockInspector
        definition={blockDefinition('product')!}
        settings={createBlock('product').settings}
        onChange={onChange}
        choices={{ product: [{ value: 'p1', label: 'Waxed Canvas Tote' }] }}
        productSearch={{ query: 'tote', onQueryChange }}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('');
    fireEvent.change(screen.getByLabelText('Search products'), { target: { value: 'totes' } });
    expect(onQueryChange).toHaveBeenCalledWith('totes');
    fireEvent.change(screen.getByLabelText('Product'), { target: { value: 'p1' } });
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ productId: 'p1' }));
    await expectNoAxeViolations(container);
    rerender(
      <BlockInspector
        definition={blockDefinition('product')!}
        settings={createBlock('product').settings}
        onChange={onChange}
        choices={{ product: [] }}
        productSearch={{ query: 'zzz', onQueryChange, isEmpty: true }}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('No products match “zzz”.');
  });
});
