import {
  FONT_CATEGORIES,
  fontById,
  fontFileUrl,
  fontStack,
  messages,
  searchFonts,
  type FontCategory,
  type FontDefinition,
} from '@site/page-content';
import { useEffect, useId, useState } from 'react';
import { EmptyState } from '../EmptyState';
import { siteStylesMessages as m } from './site-styles-messages';

export interface StyleGuideFont {
  /** Where the site uses it, e.g. "Headings". */
  role: string;
  fontId: string;
}

export interface FontPickerProps {
  label: string;
  /** The font kit from the server; undefined until it has loaded. */
  fonts: readonly FontDefinition[] | undefined;
  state: 'loading' | 'ready' | 'error';
  onRetry?: () => void;
  value: string | undefined;
  onChange: (fontId: string) => void;
  /** The fonts the site's styles use now, listed first as "Fonts in Style Guide". */
  styleGuide?: readonly StyleGuideFont[];
  isDisabled?: boolean;
  /** Loads a kit font for its preview; the default asks the browser to load the site's file. */
  loadPreview?: (font: FontDefinition) => Promise<void>;
}

async function loadWithFontFace(font: FontDefinition): Promise<void> {
  if (font.source !== 'kit' || typeof FontFace === 'undefined') return;
  const weight = font.weights.includes(400) ? 400 : font.weights[0]!;
  const face = new FontFace(font.family, `url(${fontFileUrl(font.id, weight)}) format("woff2")`, {
    weight: String(weight),
  });
  document.fonts.add(await face.load());
}

/** Each font's preview is loaded once per page and loader, whichever picker asks first. */
const previews = new WeakMap<FontPickerProps['loadPreview'] & object, Map<string, Promise<void>>>();

function FontRow({
  font,
  name,
  checked,
  onChange,
  loadPreview,
  note,
}: {
  font: FontDefinition;
  name: string;
  checked: boolean;
  onChange: () => void;
  loadPreview: (font: FontDefinition) => Promise<void>;
  note?: string;
}) {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const loaded = previews.get(loadPreview) ?? new Map<string, Promise<void>>();
    previews.set(loadPreview, loaded);
    const pending = loaded.get(font.id) ?? loadPreview(font);
    loaded.set(font.id, pending);
    pending.then(
      () => live && setFailed(false),
      () => {
        // Forgotten, so the next picker that shows the font tries again.
        loaded.delete(font.id);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [font, loadPreview]);
  return (
    <li className="ed-font">
      <label className="ed-font__label">
        <input type="radio" name={name} checked={checked} onChange={onChange} />
        <span className="ed-font__name" style={failed ? undefined : { fontFamily: fontStack(font) }}>
          {font.family}
        </span>
        <span className="ed-font__meta">
          {note ? `${note} · ` : ''}
          {font.category} · {font.source === 'kit' ? m.selfHosted : m.systemFont}
        </span>
      </label>
      {failed && <p className="ed-field__error">{messages.unableToLoadFontPreview(font.family)}</p>}
    </li>
  );
}

/**
 * A font for the site (platform.md §2 font picker): the fonts the style guide uses first, then the
 * kit by category (Sans Serif, Serif, Display, Script, Slab Serif, Mono, Other) with a search.
 * Each name is drawn in its own font, loaded from the site's server.
 */
export function FontPicker({
  label,
  fonts,
  state,
  onRetry,
  value,
  onChange,
  styleGuide = [],
  isDisabled,
  loadPreview = loadWithFontFace,
}: FontPickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<FontCategory | undefined>();
  // The style guide repeats fonts of the full list: it is a radio group of its own, or the browser
  // would keep one checked radio across both lists and the one just clicked would look unchosen.
  const name = `${id}-font`;

  let body;
  if (state === 'error')
    body = (
      <EmptyState
        title={messages.unableToLoadFonts}
        action={
          onRetry && (
            <button type="button" className="ed-button" onClick={onRetry}>
              {m.retry}
            </button>
          )
        }
      />
    );
  else if (state === 'loading' || !fonts)
    body = (
      <p className="ed-muted" role="status">
        {m.loadingFonts}
      </p>
    );
  else {
    const found = searchFonts(fonts, query, category);
    const inGuide = styleGuide.flatMap((g) => {
      const font = fonts.find((f) => f.id === g.fontId) ?? fontById(g.fontId);
      return font ? [{ font, role: g.role }] : [];
    });
    body = (
      <>
        {inGuide.length > 0 && !query && !category && (
          <div role="group" aria-labelledby={`${id}-guide`}>
            <h2 className="ed-font__group" id={`${id}-guide`}>
              {m.fontsInStyleGuide}
            </h2>
            <ul className="ed-font__list">
              {inGuide.map(({ font, role }) => (
                <FontRow
                  key={`${role}-${font.id}`}
                  font={font}
                  name={`${name}-guide`}
                  note={role}
                  checked={value === font.id}
                  onChange={() => onChange(font.id)}
                  loadPreview={loadPreview}
                />
              ))}
            </ul>
          </div>
        )}
        <div role="group" aria-labelledby={`${id}-all`}>
          <h2 className="ed-font__group" id={`${id}-all`}>
            {category ?? m.allFonts}
          </h2>
          {found.length === 0 ? (
            <p className="ed-muted">{m.noFontsMatch(query)}</p>
          ) : (
            <ul className="ed-font__list">
              {found.map((font) => (
                <FontRow
                  key={font.id}
                  font={font}
                  name={name}
                  checked={value === font.id}
                  onChange={() => onChange(font.id)}
                  loadPreview={loadPreview}
                />
              ))}
            </ul>
          )}
        </div>
      </>
    );
  }

  return (
    <fieldset className="ed-font-picker" disabled={isDisabled} aria-busy={state === 'loading' || undefined}>
      <legend className="ed-field__label">{label}</legend>
      <div className="ed-font-picker__filters">
        <span className="ed-field">
          <label className="ed-field__hint" htmlFor={`${id}-search`}>
            {m.searchFonts}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            className="ed-input"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </span>
        <span className="ed-field">
          <label className="ed-field__hint" htmlFor={`${id}-category`}>
            {m.category}
          </label>
          <select
            id={`${id}-category`}
            className="ed-input"
            value={category ?? ''}
            onChange={(e) => setCategory((e.target.value || undefined) as FontCategory | undefined)}
          >
            <option value="">{m.allCategories}</option>
            {FONT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </span>
      </div>
      {body}
    </fieldset>
  );
}
