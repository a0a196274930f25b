import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { blockDefinition, createBlock } from '@site/page-content';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test/axe';
import { BlockInspector } from './BlockInspector';
import { BlockPicker } from './BlockPicker';
import * as stories from './BlockInspector.stories';

afterEach(cleanup);

describe('BlockInspector stories', () => {
  it.each(Object.entries(composeStories(stories)))('%s passes axe', async (_name, Story) => {
    const { container } = render(<Story />);
    expect(container.querySelector('form.ed-inspector')).not.toBeNull();
    await expectNoAxeViolations(container);
  });
});

describe('menu inspector', () => {
  it('edits a dish’s price as typed and its dietary marks inside a section', () => {
    const onChange = vi.fn();
    const settings = createBlock('menu').settings as { sections: { items: Record<string, unknown>[] }[] };
    render(<BlockInspector definition={blockDefinition('menu')!} settings={settings} onChange={onChange} />);
    fireEvent.change(screen.getAllByLabelText('Price')[0]!, { target: { value: '€9.50' } });
    const priced = onChange.mock.lastCall![0] as typeof settings;
    expect(priced.sections[0]!.items[0]).toMatchObject({ name: 'Grilled flatbread', price: '€9.50' });
    // Ticking Vegan on the first dish (already vegetarian) keeps the marks in the menu's order.
    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Vegan' })[0]!);
    const marked = onChange.mock.lastCall![0] as typeof settings;
    expect(marked.sections[0]!.items[0]!.dietary).toEqual(['vegetarian', 'vegan']);
    fireEvent.click(screen.getAllByRole('button', { name: 'Add dish' })[1]!);
    const added = onChange.mock.lastCall![0] as typeof settings;
    expect(added.sections[1]!.items.at(-1)).toEqual({ name: '', description: '', price: '', dietary: [] });
  });

  it('adds a section with an empty list of dishes', () => {
    const onChange = vi.fn();
    render(
      <BlockInspector
        definition={blockDefinition('menu')!}
        settings={{ title: '', sections: [] }}
        onChange={onChange}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add section' }));
    expect(onChange).toHaveBeenLastCalledWith({
      title: '',
      sections: [{ title: '', description: '', items: [] }],
    });
  });
});

describe('countdown inspector', () => {
  it('sets the date and time to count down to', () => {
    const onChange = vi.fn();
    const settings = createBlock('countdown').settings;
    render(
      <BlockInspector definition={blockDefinition('countdown')!} settings={settings} onChange={onChange} />,
    );
    const input = screen.getByLabelText('Counts down to') as HTMLInputElement;
    expect(input.type).toBe('datetime-local');
    fireEvent.change(input, { target: { value: '2027-01-31T18:00' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...settings, endsAt: '2027-01-31T18:00' });
  });
});

describe('donation inspector', () => {
  it('takes suggested amounts and the smallest amount as the owner types prices, and the fund', () => {
    const onChange = vi.fn();
    const settings = createBlock('donation').settings as { amounts: { amount: string }[] };
    render(
      <BlockInspector definition={blockDefinition('donation')!} settings={settings} onChange={onChange} />,
    );
    fireEvent.change(screen.getAllByLabelText('Amount')[1]!, { target: { value: '€25,50' } });
    expect((onChange.mock.lastCall![0] as typeof settings).amounts[1]).toEqual({ amount: '€25,50' });
    fireEvent.change(screen.getByLabelText('Smallest amount donors can type'), { target: { value: '2' } });
    expect(onChange.mock.lastCall![0]).toMatchObject({ minimum: '2' });
    fireEvent.change(screen.getByLabelText('Fund or campaign'), { target: { value: 'Roof appeal' } });
    expect(onChange.mock.lastCall![0]).toMatchObject({ fund: 'Roof appeal' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Let donors type their own amount' }));
    expect(onChange.mock.lastCall![0]).toMatchObject({ allowCustom: false });
  });
});

describe('Add block menu', () => {
  it.each([
    ['Menu', 'menu'],
    ['Countdown', 'countdown'],
    ['Scrolling text', 'marquee'],
    ['Pricing plan', 'pricing-plan'],
    ['Reservation', 'reservation'],
    ['Donation', 'donation'],
  ])('offers %s', (label, type) => {
    const onPick = vi.fn();
    render(<BlockPicker onPick={onPick} />);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: label } });
    fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${label}`) }));
    expect(onPick).toHaveBeenCalledWith(type);
  });
});
