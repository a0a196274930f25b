import { describe, expect, it } from 'vitest';
import { run } from '../test-context';
import { colorFormatters as f, hexToInt } from './colors';

describe('color-weight (spec §5)', () => {
  it.each([
    ['#ffffff', 'light'],
    ['#808080', 'light'],
    ['#7fffff', 'dark'],
    ['#333', 'dark'],
    ['EEE', 'light'],
    ['#12345', undefined],
    ['#ggg', undefined],
    [7, undefined],
  ])('%j', (hex, weight) => expect(run(f['color-weight'], hex)).toBe(weight));

  it('expands three-digit colours', () => expect(hexToInt('#abc')).toBe(0xaabbcc));
});

describe('website-color (spec §5 bounds and messages)', () => {
  it.each([
    [{ hue: 120, saturation: 0.5, lightness: 0.25 }, 'hsl(120, 50%, 25%)'],
    [{ hue: 10.456, saturation: 0.12345, lightness: 1, alpha: 0.333 }, 'hsla(10.46, 12.35%, 100%, 0.33)'],
    [{ hue: 0, saturation: 0, lightness: 0, alpha: 0 }, 'hsla(0, 0%, 0%, 0)'],
    [{ saturation: 0.5, lightness: 0.5 }, 'Missing an H/S/L value.'],
    [{ hue: -1, saturation: 0.5, lightness: 0.5 }, 'Hue out of bounds.'],
    [{ hue: 10, saturation: 2, lightness: 0.5, alpha: -1 }, 'Saturation out of bounds. Alpha out of bounds.'],
    [{ hue: 361, saturation: 0.5, lightness: 1.5 }, 'Hue out of bounds. Lightness out of bounds.'],
  ])('%j', (value, out) => expect(run(f['website-color'], value)).toBe(out));
});
