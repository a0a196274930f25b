import {
  COLOUR_SWATCHES,
  colourWeight,
  hexToRgb,
  hslProblems,
  hslToRgb,
  isDarkByLuminance,
  messages,
  normaliseHex,
  rgbChannelProblem,
  rgbToHex,
  rgbToHsl,
  type SiteColour,
} from '@site/page-content';
import { useEffect, useId, useRef, useState, type ChangeEvent, type InputHTMLAttributes } from 'react';
import { siteStylesMessages as m } from './site-styles-messages';

export interface ColorPickerProps {
  label: string;
  /** The site's colour, or undefined while the site keeps the theme's default. */
  value: SiteColour | undefined;
  /** The theme's default, shown when there is no value. */
  defaultHex: string;
  onChange: (value: SiteColour | undefined) => void;
  swatches?: readonly string[];
  isDisabled?: boolean;
}

type Fields = Record<'hex' | 'r' | 'g' | 'b' | 'h' | 's' | 'l' | 'a', string>;
type Group = 'hex' | 'rgb' | 'hsl';

const GROUP_FIELDS: Record<Group, (keyof Fields)[]> = {
  hex: ['hex'],
  rgb: ['r', 'g', 'b'],
  hsl: ['h', 's', 'l', 'a'],
};

const round = (n: number, digits: number) => String(parseFloat(n.toFixed(digits)));

function fieldsOf(colour: SiteColour): Fields {
  if (typeof colour === 'string') {
    const rgb = hexToRgb(colour) ?? { r: 0, g: 0, b: 0 };
    const hsl = rgbToHsl(rgb);
    return {
      hex: normaliseHex(colour) ?? colour,
      r: `${rgb.r}`,
      g: `${rgb.g}`,
      b: `${rgb.b}`,
      h: round(hsl.hue, 1),
      s: round(hsl.saturation, 2),
      l: round(hsl.lightness, 2),
      a: '1',
    };
  }
  const rgb = hslToRgb(colour);
  return {
    hex: rgbToHex(rgb),
    r: `${rgb.r}`,
    g: `${rgb.g}`,
    b: `${rgb.b}`,
    h: `${colour.hue}`,
    s: `${colour.saturation}`,
    l: `${colour.lightness}`,
    a: `${colour.alpha}`,
  };
}

// Empty stays empty (a missing value), anything else must be a number.
const num = (s: string): number | undefined => (s.trim() === '' ? undefined : Number(s));

/**
 * A site colour as hex (3 or 6 digits), RGB or HSL with alpha, plus swatches. Each group of fields
 * is checked by the spec's rules (platform.md §5) as it is typed; a valid change updates the other
 * groups and reaches the site at once, an invalid one shows the spec's message and changes nothing.
 */
export function ColorPicker({
  label,
  value,
  defaultHex,
  onChange,
  swatches = COLOUR_SWATCHES,
  isDisabled,
}: ColorPickerProps) {
  const id = useId();
  const shown = value ?? defaultHex;
  const [fields, setFields] = useState<Fields>(() => fieldsOf(shown));
  const [problems, setProblems] = useState<Partial<Record<Group, string[]>>>({});
  const key = JSON.stringify(shown);
  // What this picker sent last: coming back as the value, it must not overwrite what is being typed.
  const emitted = useRef<string | undefined>(undefined);
  // A value set from outside (a swatch, a reload, a reset) replaces what was typed.
  useEffect(() => {
    if (key === emitted.current) return;
    setFields(fieldsOf(JSON.parse(key) as SiteColour));
    setProblems({});
  }, [key]);

  const apply = (group: Group, next: Fields) => {
    setFields(next);
    let colour: SiteColour | undefined;
    let found: string[] = [];
    if (group === 'hex') {
      const hex = normaliseHex(next.hex);
      if (hex) colour = hex;
      else found = [messages.colour.invalidHex];
    } else if (group === 'rgb') {
      const channels = [next.r, next.g, next.b].map(num);
      found = [...new Set(channels.map((c) => rgbChannelProblem(c)).filter((p): p is string => !!p))];
      if (!found.length) colour = rgbToHex({ r: channels[0]!, g: channels[1]!, b: channels[2]! });
    } else {
      const hsla = {
        hue: num(next.h),
        saturation: num(next.s),
        lightness: num(next.l),
        alpha: num(next.a) ?? 1,
      };
      found = hslProblems(hsla);
      if (!found.length) colour = hsla as Exclude<SiteColour, string>;
    }
    setProblems({ [group]: found });
    if (colour === undefined) return;
    // Opaque colours typed as hex or RGB are kept as hex; HSL (and any alpha) as typed.
    if (typeof colour !== 'string' && colour.alpha === 1 && group !== 'hsl')
      colour = rgbToHex(hslToRgb(colour));
    const synced = fieldsOf(colour);
    for (const k of GROUP_FIELDS[group]) synced[k] = next[k];
    setFields(synced);
    emitted.current = JSON.stringify(colour);
    onChange(colour);
  };

  const change = (group: Group, field: keyof Fields) => (e: ChangeEvent<HTMLInputElement>) =>
    apply(group, { ...fields, [field]: e.target.value });

  const rgb = hexToRgb(fieldsOf(shown).hex) ?? { r: 0, g: 0, b: 0 };
  const weight = colourWeight(fieldsOf(shown).hex);
  const dark = isDarkByLuminance(rgb);
  const input = (
    group: Group,
    field: keyof Fields,
    text: string,
    extra: InputHTMLAttributes<HTMLInputElement>,
  ) => (
    <span className="ed-color__part">
      <label htmlFor={`${id}-${field}`}>{text}</label>
      <input
        id={`${id}-${field}`}
        className="ed-input ed-input--number"
        inputMode="decimal"
        value={fields[field]}
        onChange={change(group, field)}
        aria-invalid={problems[group]?.length ? true : undefined}
        aria-describedby={problems[group]?.length ? `${id}-${group}-error` : undefined}
        {...extra}
      />
    </span>
  );
  const error = (group: Group) =>
    problems[group]?.length ? (
      <p className="ed-field__error" id={`${id}-${group}-error`} role="alert">
        {problems[group]!.join(' ')}
      </p>
    ) : null;

  return (
    <fieldset className="ed-color" disabled={isDisabled}>
      <legend className="ed-field__label">{label}</legend>
      <div className="ed-color__head">
        <span
          className="ed-color__sample"
          style={{
            background:
              typeof shown === 'string'
                ? shown
                : `hsla(${shown.hue}, ${shown.saturation * 100}%, ${shown.lightness * 100}%, ${shown.alpha})`,
          }}
          aria-hidden="true"
        />
        <div className="ed-field">
          <label className="ed-field__hint" htmlFor={`${id}-hex`}>
            {m.hex}
          </label>
          <input
            id={`${id}-hex`}
            className="ed-input ed-color__hex"
            value={fields.hex}
            maxLength={7}
            spellCheck={false}
            onChange={change('hex', 'hex')}
            aria-invalid={problems.hex?.length ? true : undefined}
            aria-describedby={problems.hex?.length ? `${id}-hex-error` : `${id}-weight`}
          />
        </div>
        <p className="ed-field__hint" id={`${id}-weight`}>
          {value === undefined ? `${m.themeDefault}. ` : ''}
          {m.weight(weight === 'light')}; {m.textOnIt(dark)}
        </p>
      </div>
      {error('hex')}
      <div className="ed-color__group" role="group" aria-label={m.rgb}>
        {input('rgb', 'r', m.red, { min: 0, max: 255 })}
        {input('rgb', 'g', m.green, { min: 0, max: 255 })}
        {input('rgb', 'b', m.blue, { min: 0, max: 255 })}
      </div>
      {error('rgb')}
      <div className="ed-color__group" role="group" aria-label={m.hsl}>
        {input('hsl', 'h', m.hue, {})}
        {input('hsl', 's', m.saturation, {})}
        {input('hsl', 'l', m.lightness, {})}
        {input('hsl', 'a', m.alpha, {})}
      </div>
      {error('hsl')}
      <div className="ed-color__swatches" role="group" aria-label={m.swatches}>
        {swatches.map((hex) => (
          <button
            key={hex}
            type="button"
            className="ed-color__swatch"
            style={{ background: hex }}
            aria-label={m.swatch(hex)}
            aria-pressed={typeof value === 'string' && normaliseHex(value) === normaliseHex(hex)}
            onClick={() => {
              emitted.current = undefined;
              onChange(normaliseHex(hex)!);
            }}
          />
        ))}
      </div>
      {value !== undefined && (
        <button
          type="button"
          className="ed-button ed-button--ghost"
          onClick={() => {
            emitted.current = undefined;
            onChange(undefined);
          }}
        >
          {m.useThemeDefault}
        </button>
      )}
    </fieldset>
  );
}
