import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import {
  colourWeight,
  hexToRgb,
  hslProblems,
  hslToRgb,
  hslaCss,
  isDarkByLuminance,
  luminance,
  normaliseHex,
  rgbChannelProblem,
  rgbToHex,
  rgbToHsl,
} from './colour';
import { FONTS, FONT_CATEGORIES, fontFaceCss, fontStack, searchFonts } from './fonts';
import { siteColourSchema, siteStylesCss, siteStylesSchema, updateSiteStylesSchema } from './site-styles';

const m = messages.colour;

describe('hex colours have 3 or 6 hex digits (platform.md §5)', () => {
  it.each([
    ['#abc', '#aabbcc'],
    ['ABC', '#aabbcc'],
    ['#2F5A3E', '#2f5a3e'],
    [' #fff ', '#ffffff'],
    ['#abcd', undefined],
    ['#12345', undefined],
    ['#1234567', undefined],
    ['#ggg', undefined],
    ['', undefined],
    ['#', undefined],
    ['red', undefined],
  ])('%j → %j', (input, out) => expect(normaliseHex(input)).toBe(out));
});

describe('HSL bounds and messages (platform.md §5)', () => {
  it.each([
    [{ hue: 0, saturation: 0, lightness: 0 }, []],
    [{ hue: 360, saturation: 1, lightness: 1, alpha: 1 }, []],
    [{ hue: 0, saturation: 0, lightness: 0, alpha: 0 }, []],
    [{ saturation: 0.5, lightness: 0.5 }, [m.missingHsl]],
    [{ hue: 10, lightness: 0.5 }, [m.missingHsl]],
    [{ hue: 10, saturation: 0.5 }, [m.missingHsl]],
    [{ hue: -1, saturation: 0.5, lightness: 0.5 }, [m.hueOutOfBounds]],
    [{ hue: 360.01, saturation: 0.5, lightness: 0.5 }, [m.hueOutOfBounds]],
    [{ hue: 10, saturation: 1.01, lightness: 0.5 }, [m.saturationOutOfBounds]],
    [{ hue: 10, saturation: 0.5, lightness: -0.1 }, [m.lightnessOutOfBounds]],
    [{ hue: 10, saturation: 0.5, lightness: 0.5, alpha: 2 }, [m.alphaOutOfBounds]],
    [
      { hue: 400, saturation: -1, lightness: 2, alpha: -1 },
      [m.hueOutOfBounds, m.saturationOutOfBounds, m.lightnessOutOfBounds, m.alphaOutOfBounds],
    ],
    [{ hue: Number.NaN, saturation: 0.5, lightness: 0.5 }, [m.hueOutOfBounds]],
    [{ hue: '10', saturation: 0.5, lightness: 0.5 }, [m.hueOutOfBounds]],
  ])('%j', (value, problems) => expect(hslProblems(value)).toEqual(problems));

  it('the API schema puts each message at its field', () => {
    const result = siteColourSchema.safeParse({ hue: 361, saturation: 0.5, lightness: 1.5, alpha: -0.5 });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual(
      expect.arrayContaining([
        ['hue', m.hueOutOfBounds],
        ['lightness', m.lightnessOutOfBounds],
        ['alpha', m.alphaOutOfBounds],
      ]),
    );
    expect(siteStylesSchema.safeParse({ accent: { hue: 1, saturation: 0.5 } }).error!.issues).toEqual([
      expect.objectContaining({ path: ['accent'], message: m.missingHsl }),
    ]);
  });

  it.each([
    ['#ABC', '#aabbcc'],
    [
      { hue: 120, saturation: 0.5, lightness: 0.25 },
      { hue: 120, saturation: 0.5, lightness: 0.25, alpha: 1 },
    ],
  ])('accepts %j', (input, out) => expect(siteColourSchema.parse(input)).toEqual(out));

  it.each([
    ['#abcd'],
    [{ hue: 1, saturation: 0.5 }],
    [{ hue: 1, saturation: 0.5, lightness: 0.5, extra: 1 }],
    [7],
    [null],
  ])('refuses %j', (input) => expect(siteColourSchema.safeParse(input).success).toBe(false));
});

describe('RGB channels', () => {
  it.each([
    [0, undefined],
    [255, undefined],
    [256, m.rgbOutOfBounds],
    [-1, m.rgbOutOfBounds],
    [1.5, m.rgbOutOfBounds],
    ['12', m.rgbOutOfBounds],
  ])('%j', (value, problem) => expect(rgbChannelProblem(value)).toBe(problem));
});

describe('light and dark (platform.md §5)', () => {
  it.each([
    ['#ffffff', 'light'],
    ['#808080', 'light'],
    ['#800000', 'light'],
    ['#7fffff', 'dark'],
    ['#000', 'dark'],
    ['#12345', undefined],
  ])('weight of %s is %s (above half of 16777215 is light)', (hex, weight) =>
    expect(colourWeight(hex)).toBe(weight),
  );

  it.each([
    [{ r: 255, g: 255, b: 255 }, false],
    [{ r: 0, g: 0, b: 0 }, true],
    // The threshold is 0.65 × 256 = 166.4: grey 166 is dark, grey 167 is not.
    [{ r: 166, g: 166, b: 166 }, true],
    [{ r: 167, g: 167, b: 167 }, false],
    [{ r: 47, g: 90, b: 62 }, true],
  ])('%j dark by luminance: %s', (rgb, dark) => expect(isDarkByLuminance(rgb)).toBe(dark));
});

const rgb = fc.record({
  r: fc.integer({ min: 0, max: 255 }),
  g: fc.integer({ min: 0, max: 255 }),
  b: fc.integer({ min: 0, max: 255 }),
});

describe('conversions (properties)', () => {
  it('hex → rgb → hex is the identity on 6-digit hex', () => {
    fc.assert(
      fc.property(rgb, (c) => {
        expect(hexToRgb(rgbToHex(c))).toEqual(c);
      }),
    );
  });
  it('rgb → hsl stays in bounds and comes back within one step per channel', () => {
    fc.assert(
      fc.property(rgb, (c) => {
        const hsl = rgbToHsl(c);
        expect(hslProblems(hsl)).toEqual([]);
        const back = hslToRgb(hsl);
        for (const k of ['r', 'g', 'b'] as const) expect(Math.abs(back[k] - c[k])).toBeLessThanOrEqual(1);
      }),
    );
  });
  it('luminance stays within 0–255', () => {
    fc.assert(
      fc.property(rgb, (c) => {
        const l = luminance(c);
        expect(l).toBeGreaterThanOrEqual(0);
        expect(l).toBeLessThanOrEqual(255.0001);
      }),
    );
  });
  it('any string is either refused or normalised to #rrggbb', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = normaliseHex(s);
        if (out !== undefined) expect(out).toMatch(/^#[0-9a-f]{6}$/);
      }),
    );
  });
  it('valid HSLA always yields CSS the schema accepted; invalid is refused', () => {
    fc.assert(
      fc.property(
        fc.record({
          hue: fc.double({ min: -10, max: 400, noNaN: true }),
          saturation: fc.double({ min: -1, max: 2, noNaN: true }),
          lightness: fc.double({ min: -1, max: 2, noNaN: true }),
          alpha: fc.double({ min: -1, max: 2, noNaN: true }),
        }),
        (v) => {
          const ok = hslProblems(v).length === 0;
          const parsed = siteColourSchema.safeParse(v);
          expect(parsed.success).toBe(ok);
          if (ok) expect(hslaCss(v)).toMatch(/^hsla?\([0-9., %]+\)$/);
        },
      ),
    );
  });
});

describe('fonts', () => {
  it('the kit covers every category of the picker', () => {
    for (const category of FONT_CATEGORIES) expect(FONTS.some((f) => f.category === category)).toBe(true);
  });
  it('kit fonts load from this site only, with swap', () => {
    const inter = FONTS.find((f) => f.id === 'inter')!;
    expect(fontFaceCss(inter)).toContain('src:url(/assets/fonts/inter/400.woff2) format("woff2")');
    expect(fontFaceCss(inter)).toContain('font-display:swap');
    expect(fontStack(inter)).toMatch(/^"Inter", system-ui/);
  });
  it.each([
    ['', undefined, FONTS.length],
    ['  LORA ', undefined, 1],
    ['mono', undefined, 2],
    ['', 'Script', 1],
    ['zzz', undefined, 0],
  ] as const)('search %j in %s finds %d', (q, cat, n) => expect(searchFonts(FONTS, q, cat)).toHaveLength(n));
});

describe('site styles as CSS custom properties', () => {
  it('sets only what the site chose, with @font-face for kit fonts', () => {
    const css = siteStylesCss({
      headingFont: 'playfair-display',
      accent: '#C01C28',
      text: { hue: 0, saturation: 0, lightness: 0.1, alpha: 0.9 },
    });
    expect(css).toBe(
      '@font-face{font-family:"Playfair Display";font-style:normal;font-weight:400;font-display:swap;src:url(/assets/fonts/playfair-display/400.woff2) format("woff2")}' +
        '@font-face{font-family:"Playfair Display";font-style:normal;font-weight:700;font-display:swap;src:url(/assets/fonts/playfair-display/700.woff2) format("woff2")}' +
        ':root{--site-font-heading:"Playfair Display", Georgia, "Times New Roman", serif;--site-color-text:hsla(0, 0%, 10%, 0.9);--site-color-accent:#c01c28;--site-color-on-accent:#fff}',
    );
  });
  it.each([
    ['#2f5a3e', '#fff'],
    ['#c01c28', '#fff'],
    ['#767676', '#fff'],
    ['#777777', '#1d1d1b'],
    ['#f5c211', '#1d1d1b'],
    [{ hue: 60, saturation: 1, lightness: 0.5, alpha: 1 }, '#1d1d1b'],
    [{ hue: 240, saturation: 1, lightness: 0.3, alpha: 1 }, '#fff'],
  ])('labels an accent of %j in %s, keeping 4.5:1 on accent buttons', (accent, label) => {
    expect(siteStylesCss({ accent })).toContain(`--site-color-on-accent:${label}}`);
  });
  it('keeps the theme defaults for nothing or anything invalid', () => {
    expect(siteStylesCss({})).toBeUndefined();
    expect(siteStylesCss(undefined)).toBeUndefined();
    expect(siteStylesCss({ accent: 'red;}</style><script>' })).toBeUndefined();
    expect(siteStylesCss({ headingFont: 'Comic Sans' })).toBeUndefined();
  });
  it('never lets a stored value out of the style element (property)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom('headingFont', 'bodyFont', 'text', 'accent', 'x'),
          fc.oneof(fc.string(), fc.double(), fc.object()),
        ),
        (input) => {
          const css = siteStylesCss(input);
          if (css !== undefined) expect(css).not.toMatch(/[<>]/);
        },
      ),
    );
  });
  it.each([
    [{ styles: { headingFont: 'nope' }, version: 0 }, messages.unknownFont('nope')],
    [{ styles: { accent: '#12' }, version: 0 }, m.invalidHex],
  ])('refuses %j with %s', (input, message) => {
    const result = updateSiteStylesSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error!.issues)).toContain(message);
  });
  it('accepts the system stacks stored before the kit', () => {
    expect(siteStylesSchema.parse({ headingFont: 'serif', bodyFont: 'system' })).toEqual({
      headingFont: 'serif',
      bodyFont: 'system',
    });
  });
});
