import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FONTS, messages } from '@site/page-content';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { ColorPicker, type ColorPickerProps } from './ColorPicker';
import { FontPicker, type FontPickerProps } from './FontPicker';

afterEach(cleanup);

const colour = (overrides: Partial<ColorPickerProps> = {}): ColorPickerProps => ({
  label: 'Accent colour',
  value: '#2f5a3e',
  defaultHex: '#2f5a3e',
  onChange: vi.fn(),
  ...overrides,
});

describe('ColorPicker', () => {
  it('takes hex with 3 or 6 digits and refuses other lengths with a message', () => {
    const props = colour();
    render(<ColorPicker {...props} />);
    const hex = screen.getByLabelText('Hex');
    fireEvent.change(hex, { target: { value: '#abc' } });
    expect(props.onChange).toHaveBeenLastCalledWith('#aabbcc');
    // Typing on keeps what was typed, so a 6-digit colour can follow the 3-digit one.
    expect((hex as HTMLInputElement).value).toBe('#abc');
    fireEvent.change(hex, { target: { value: '#abcd' } });
    expect(screen.getByRole('alert').textContent).toBe(messages.colour.invalidHex);
    expect(props.onChange).toHaveBeenCalledTimes(1);
    expect(hex.getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps RGB and HSL in step with each other', () => {
    const props = colour();
    render(<ColorPicker {...props} />);
    fireEvent.change(screen.getByLabelText('Red'), { target: { value: '255' } });
    expect(props.onChange).toHaveBeenLastCalledWith('#ff5a3e');
    expect((screen.getByLabelText('Hex') as HTMLInputElement).value).toBe('#ff5a3e');
    expect((screen.getByLabelText('Hue') as HTMLInputElement).value).toBe('8.7');
  });

  it.each([
    ['Hue', '361', messages.colour.hueOutOfBounds],
    ['Saturation', '1.5', messages.colour.saturationOutOfBounds],
    ['Lightness', '-0.1', messages.colour.lightnessOutOfBounds],
    ['Alpha', '2', messages.colour.alphaOutOfBounds],
    ['Hue', '', messages.colour.missingHsl],
    ['Red', '256', messages.colour.rgbOutOfBounds],
  ])('%s %j shows %j and changes nothing', (field, typed, message) => {
    const props = colour();
    render(<ColorPicker {...props} />);
    fireEvent.change(screen.getByLabelText(field), { target: { value: typed } });
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(props.onChange).not.toHaveBeenCalled();
  });

  it('gives HSL with alpha as typed', () => {
    const props = colour();
    render(<ColorPicker {...props} />);
    fireEvent.change(screen.getByLabelText('Alpha'), { target: { value: '0.5' } });
    expect(props.onChange).toHaveBeenLastCalledWith({
      hue: 140.9,
      saturation: 0.31,
      lightness: 0.27,
      alpha: 0.5,
    });
  });

  it('applies both light/dark rules: a red is light by value yet wants light text by luminance', () => {
    render(<ColorPicker {...colour({ value: '#c01c28' })} />);
    expect(screen.getByText(/Light in templates; light text reads best on it\./)).toBeTruthy();
  });

  it('offers swatches and the theme default, and says whether the colour is light or dark', () => {
    const props = colour({ value: '#ffffff' });
    render(<ColorPicker {...props} />);
    expect(screen.getByText(/Light in templates; dark text reads best on it\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use #1a5fb4' }));
    expect(props.onChange).toHaveBeenLastCalledWith('#1a5fb4');
    fireEvent.click(screen.getByRole('button', { name: 'Use the theme default' }));
    expect(props.onChange).toHaveBeenLastCalledWith(undefined);
  });

  it.each([
    ['theme default', colour({ value: undefined })],
    ['with alpha', colour({ value: { hue: 10, saturation: 0.5, lightness: 0.5, alpha: 0.4 } })],
    ['disabled', colour({ isDisabled: true })],
  ])('%s has no accessibility violations', async (_name, props) => {
    const { container } = render(<ColorPicker {...props} />);
    await expectNoAxeViolations(container);
  });

  it('shows errors without accessibility violations', async () => {
    const { container } = render(<ColorPicker {...colour()} />);
    fireEvent.change(screen.getByLabelText('Hue'), { target: { value: '999' } });
    await expectNoAxeViolations(container);
  });
});

const fonts = (overrides: Partial<FontPickerProps> = {}): FontPickerProps => ({
  label: 'Heading font',
  fonts: FONTS,
  state: 'ready',
  value: 'inter',
  onChange: vi.fn(),
  loadPreview: () => Promise.resolve(),
  ...overrides,
});

describe('FontPicker', () => {
  it('lists the style guide fonts first, then searches and filters by category', () => {
    const props = fonts({ styleGuide: [{ role: 'Headings', fontId: 'lora' }] });
    render(<FontPicker {...props} />);
    expect(screen.getByRole('heading', { name: 'Fonts in Style Guide' })).toBeTruthy();
    expect(screen.getByText(/Headings · Serif/)).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(FONTS.length + 1);
    fireEvent.change(screen.getByLabelText('Search fonts'), { target: { value: 'slab' } });
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    fireEvent.click(screen.getByRole('radio', { name: /Roboto Slab/ }));
    expect(props.onChange).toHaveBeenCalledWith('roboto-slab');
    fireEvent.change(screen.getByLabelText('Search fonts'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Script' } });
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual([
      expect.stringContaining('Dancing Script'),
    ]);
    fireEvent.change(screen.getByLabelText('Search fonts'), { target: { value: 'zzz' } });
    expect(screen.getByText('No fonts match “zzz”.')).toBeTruthy();
  });

  it('shows the chosen font checked in the full list as well as in the style guide', () => {
    render(<FontPicker {...fonts({ value: 'lora', styleGuide: [{ role: 'Headings', fontId: 'lora' }] })} />);
    const lora = screen.getAllByRole('radio', { name: /^Lora/ }) as HTMLInputElement[];
    expect(lora).toHaveLength(2);
    expect(lora.map((r) => r.checked)).toEqual([true, true]);
    // A browser keeps one checked radio per name: sharing one, the clicked row would look unchosen.
    expect(new Set(lora.map((r) => r.name)).size).toBe(2);
  });

  it('covers the categories of the spec', () => {
    render(<FontPicker {...fonts()} />);
    const options = Array.from(screen.getByLabelText('Category').querySelectorAll('option')).map(
      (o) => o.textContent,
    );
    expect(options).toEqual([
      'All',
      'Sans Serif',
      'Serif',
      'Display',
      'Script',
      'Slab Serif',
      'Mono',
      'Other',
    ]);
  });

  it('shows "Unable to load preview for {fontName}" for a font whose file fails', async () => {
    const loadPreview = (font: { id: string }) =>
      font.id === 'bebas-neue' ? Promise.reject(new Error('404')) : Promise.resolve();
    render(<FontPicker {...fonts({ loadPreview })} />);
    expect(await screen.findByText(messages.unableToLoadFontPreview('Bebas Neue'))).toBeTruthy();
    expect(screen.queryByText(messages.unableToLoadFontPreview('Inter'))).toBeNull();
  });

  it('shows "Unable to load fonts" with a retry when the kit fails', () => {
    const onRetry = vi.fn();
    render(<FontPicker {...fonts({ fonts: undefined, state: 'error', onRetry })} />);
    expect(screen.getByText(messages.unableToLoadFonts)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it.each([
    ['ready', fonts({ styleGuide: [{ role: 'Body', fontId: 'inter' }] })],
    ['empty', fonts({ fonts: [] })],
    ['loading', fonts({ fonts: undefined, state: 'loading' })],
    ['error', fonts({ fonts: undefined, state: 'error', onRetry: vi.fn() })],
    ['disabled', fonts({ isDisabled: true })],
  ])('%s has no accessibility violations', async (_state, props) => {
    const { container } = render(<FontPicker {...props} />);
    await waitFor(() => expect(container.querySelector('fieldset')).toBeTruthy());
    await expectNoAxeViolations(container);
  });
});
