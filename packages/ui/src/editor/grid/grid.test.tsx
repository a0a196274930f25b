import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { messages, type Placement } from '@site/page-content';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { GridPlacement } from './GridPlacement';
import { PhoneOrder } from './PhoneOrder';
import { SectionPresetPicker } from './SectionPresetPicker';

afterEach(cleanup);

const at = (column: number, span: number, row: number, rows = 1): Placement => ({ column, span, row, rows });

describe('GridPlacement', () => {
  const twoRows = [
    { id: 'a', place: at(1, 6, 1) },
    { id: 'b', place: at(7, 6, 1) },
    { id: 'c', place: at(1, 12, 2) },
  ];

  it('resizes with the arrow keys on an edge handle and names the new columns', () => {
    const onChange = vi.fn();
    render(<GridPlacement blockId="a" blocks={twoRows} onChange={onChange} />);
    const right = screen.getByRole('slider', { name: 'Right edge' });
    expect(right.getAttribute('aria-valuetext')).toBe('Ends at column 6');
    fireEvent.keyDown(right, { key: 'ArrowLeft' });
    expect(onChange).toHaveBeenLastCalledWith(at(1, 5, 1), undefined);
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Left edge' }), { key: 'ArrowRight' });
    expect(onChange).toHaveBeenLastCalledWith(at(2, 5, 1), undefined);
  });

  it('refuses a step onto another block and says why, without changing anything', () => {
    const onChange = vi.fn();
    render(<GridPlacement blockId="a" blocks={twoRows} onChange={onChange} />);
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Right edge' }), { key: 'ArrowRight' });
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Position' }), { key: 'ArrowLeft' });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe(messages.gridNoFurther);
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Position' }), { key: 'ArrowRight' });
    expect(screen.getByRole('status').textContent).toBe(messages.gridOccupied);
  });

  it('moves with the position handle, Home and End included', () => {
    const onChange = vi.fn();
    render(<GridPlacement blockId="c" blocks={[{ id: 'c', place: at(3, 4, 1) }]} onChange={onChange} />);
    const position = screen.getByRole('slider', { name: 'Position' });
    expect(position.getAttribute('aria-valuetext')).toBe('Columns 3 to 6');
    fireEvent.keyDown(position, { key: 'End' });
    expect(onChange).toHaveBeenLastCalledWith(at(9, 4, 1), undefined);
    fireEvent.keyDown(position, { key: 'Home' });
    expect(onChange).toHaveBeenLastCalledWith(at(1, 4, 1), undefined);
  });

  it('changes rows with its buttons', () => {
    const onChange = vi.fn();
    render(
      <GridPlacement
        blockId="c"
        blocks={[
          { id: 'a', place: at(1, 6, 1) },
          { id: 'c', place: at(7, 6, 2) },
        ]}
        onChange={onChange}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Up a row' }));
    expect(onChange).toHaveBeenLastCalledWith(at(7, 6, 1), undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Taller' }));
    expect(onChange).toHaveBeenLastCalledWith(at(7, 6, 2, 2), undefined);
    expect((screen.getByRole('button', { name: 'Shorter' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('has no accessibility violations', async () => {
    const { container } = render(<GridPlacement blockId="a" blocks={twoRows} onChange={() => {}} />);
    await expectNoAxeViolations(container);
  });
});

describe('PhoneOrder', () => {
  const items = [
    { id: 'h', name: 'Heading: Hello' },
    { id: 't', name: 'Text: Welcome' },
  ];

  it('moves a block up or down in the phone order', () => {
    const onMove = vi.fn();
    render(<PhoneOrder items={items} onMove={onMove} />);
    fireEvent.click(screen.getByRole('button', { name: 'Move Text: Welcome up' }));
    expect(onMove).toHaveBeenCalledWith('t', 0);
    expect(
      (screen.getByRole('button', { name: 'Move Heading: Hello up' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Move Text: Welcome down' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('says when the section has nothing to order', () => {
    render(<PhoneOrder items={[]} onMove={() => {}} />);
    expect(screen.getByText('This section has no blocks yet.')).toBeTruthy();
  });

  it('has no accessibility violations', async () => {
    const { container } = render(
      <PhoneOrder items={items} onMove={() => {}} announcement="Text: Welcome: position 1 of 2." />,
    );
    await expectNoAxeViolations(container);
  });
});

describe('SectionPresetPicker', () => {
  it('adds a blank section or a preset, and disables a preset with its reason', async () => {
    const onPick = vi.fn();
    const { container } = render(
      <SectionPresetPicker
        onPick={onPick}
        disabledReason={(p) => (p.key === 'gallery' ? 'No room left on this page.' : undefined)}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Blank section/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Hero/ }));
    expect(onPick.mock.calls.map(([p]) => p?.key)).toEqual([undefined, 'hero']);
    const gallery = screen.getByRole('button', { name: /^Gallery/ }) as HTMLButtonElement;
    expect(gallery.disabled).toBe(true);
    expect(gallery.textContent).toContain('No room left on this page.');
    await expectNoAxeViolations(container);
  });
});
