import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { cutForPreview } from './preview-text';
import { SeoPanel, seoPanelMessages, type SeoPanelProps, type SeoValue } from './SeoPanel';

afterEach(cleanup);

const EMPTY: SeoValue = { title: '', description: '', socialImage: '', noindex: false };
const base: SeoPanelProps = {
  value: EMPTY,
  onChange: () => {},
  noun: 'product',
  url: 'harbour.example/shop/p/canvas-tote',
  fallback: {
    title: 'Waxed Canvas Tote — Harbour Supply',
    description: 'Hard-wearing waxed canvas with leather handles.',
    image: '/assets/demo/tote.svg',
  },
};

function Live(props: Partial<SeoPanelProps>) {
  const [value, setValue] = useState(props.value ?? EMPTY);
  return <SeoPanel {...base} {...props} value={value} onChange={(p) => setValue((v) => ({ ...v, ...p }))} />;
}

const search = () => screen.getByRole('figure', { name: 'Search result preview' });
const card = () => screen.getByRole('figure', { name: 'Social card preview' });

describe('cutForPreview', () => {
  it.each([
    ['short', 10, 'short'],
    ['exactly ten', 11, 'exactly ten'],
    ['one two three four', 10, 'one two t…'],
    ['  spaced\n\nout  ', 20, 'spaced out'],
    ['😀😀😀😀😀', 3, '😀😀…'],
  ])('%j at %i → %j', (text, max, shown) => {
    expect(cutForPreview(text, max)).toBe(shown);
    expect([...cutForPreview(text, max)].length).toBeLessThanOrEqual(max);
  });
});

describe('SeoPanel', () => {
  it('empty: both previews show the item’s own title, summary and picture; passes axe', async () => {
    const { container } = render(<Live />);
    await expectNoAxeViolations(container);
    expect(within(search()).getByText('Waxed Canvas Tote — Harbour Supply')).toBeDefined();
    expect(within(search()).getByText('harbour.example/shop/p/canvas-tote')).toBeDefined();
    expect(within(card()).getByText('harbour.example')).toBeDefined();
    expect(card().querySelector('img')?.getAttribute('src')).toBe('/assets/demo/tote.svg');
  });

  it('typing updates both previews live; long text is cut as search engines and social sites cut it', () => {
    render(<Live />);
    const long = 'A very long product title that goes on well past what a search engine would show';
    fireEvent.change(screen.getByLabelText(seoPanelMessages.titleLabel), { target: { value: long } });
    expect(within(search()).getByText(cutForPreview(long, 60))).toBeDefined();
    expect(within(card()).getByText(cutForPreview(long, 70))).toBeDefined();
    expect(screen.getByText(/characters: about 60 show, the rest is cut/)).toBeDefined();
    fireEvent.change(screen.getByLabelText(seoPanelMessages.descriptionLabel), {
      target: { value: 'Rewax twice a year.' },
    });
    expect(within(search()).getByText('Rewax twice a year.')).toBeDefined();
    fireEvent.change(screen.getByLabelText(seoPanelMessages.imageLabel), {
      target: { value: 'https://cdn.example/card.png' },
    });
    expect(card().querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/card.png');
  });

  it('hidden: the search preview says the item will not show; the hint is read with the checkbox', async () => {
    const { container } = render(<Live noun="post" />);
    const box = screen.getByLabelText(seoPanelMessages.hideLabel);
    fireEvent.click(box);
    expect(within(search()).getByText(/this post will not show in results/)).toBeDefined();
    const hint = document.getElementById(box.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toContain('RSS feed');
    await expectNoAxeViolations(container);
  });

  it('reports each change to its owner', () => {
    const onChange = vi.fn();
    render(<SeoPanel {...base} onChange={onChange} />);
    fireEvent.click(screen.getByLabelText(seoPanelMessages.hideLabel));
    expect(onChange).toHaveBeenCalledWith({ noindex: true });
  });

  it('no picture: the card says links show text only', () => {
    render(<Live fallback={{ title: 'T', description: '' }} />);
    expect(within(card()).getByText('No picture: shared links show text only.')).toBeDefined();
  });

  it('a field error is tied to its control and passes axe', async () => {
    const { container } = render(<Live errors={{ socialImage: 'Enter the full address of an image.' }} />);
    const input = screen.getByLabelText(seoPanelMessages.imageLabel);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain('-error');
    await expectNoAxeViolations(container);
  });

  it.each([
    ['loading', { loading: true }, seoPanelMessages.loading],
    ['failed', { loadError: 'Could not load the product.' }, 'Could not load the product.'],
  ])('%s: says so, shows no fields, passes axe', async (_, props, text) => {
    const { container } = render(<Live {...props} />);
    expect(screen.getByText(text)).toBeDefined();
    expect(screen.queryByLabelText(seoPanelMessages.titleLabel)).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('disabled: every control is disabled', async () => {
    const { container } = render(<Live disabled />);
    for (const label of [seoPanelMessages.titleLabel, seoPanelMessages.hideLabel])
      expect((screen.getByLabelText(label) as HTMLInputElement).disabled).toBe(true);
    await expectNoAxeViolations(container);
  });
});
