import { BLOCK_CATEGORIES, PICKABLE_BLOCKS, type BlockDefinition } from '@site/page-content';
import { useId, useMemo, useState } from 'react';
import { editorMessages } from './editor-messages';

export interface BlockPickerProps {
  onPick: (type: string) => void;
  /** At the block limit the picker explains why nothing can be added. */
  disabledReason?: string;
  definitions?: readonly BlockDefinition[];
  /**
   * The site's website components, listed first; picking one places it. Undefined while they load
   * (or where components cannot be placed), empty when the site has none yet.
   */
  components?: readonly { id: string; name: string; blockCount: number }[];
  onPickComponent?: (id: string) => void;
}

/** Every block type by category, with search; picking one adds it after the selection. */
export function BlockPicker({
  onPick,
  disabledReason,
  definitions = PICKABLE_BLOCKS,
  components,
  onPickComponent,
}: BlockPickerProps) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q
      ? definitions.filter((d) => `${d.label} ${d.description}`.toLowerCase().includes(q))
      : definitions;
  }, [definitions, query]);
  const q = query.trim().toLowerCase();
  const componentMatches = components?.filter((c) => c.name.toLowerCase().includes(q));

  return (
    <div className="ed-picker">
      <label className="visually-hidden" htmlFor={searchId}>
        {editorMessages.searchBlocks}
      </label>
      <input
        id={searchId}
        className="ed-input"
        type="search"
        placeholder={editorMessages.searchBlocks}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {disabledReason && (
        <p className="ed-notice" role="alert">
          {disabledReason}
        </p>
      )}
      {matches.length === 0 && !componentMatches?.length && (
        <p className="ed-muted">{editorMessages.noBlocksMatch(query)}</p>
      )}
      {componentMatches && (q === '' || componentMatches.length > 0) && (
        <section className="ed-picker__group" aria-label={editorMessages.yourComponents}>
          <h3 className="ed-picker__heading">{editorMessages.yourComponents}</h3>
          {componentMatches.length === 0 ? (
            <p className="ed-muted">{editorMessages.noComponentsYet}</p>
          ) : (
            <ul className="ed-picker__grid">
              {componentMatches.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className="ed-picker__item ed-picker__item--component"
                    disabled={Boolean(disabledReason)}
                    onClick={() => onPickComponent?.(c.id)}
                  >
                    <span className="ed-picker__label">{c.name}</span>
                    <span className="ed-picker__hint">{editorMessages.componentBlocks(c.blockCount)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {BLOCK_CATEGORIES.map((category) => {
        const inCategory = matches.filter((d) => d.category === category.id);
        if (inCategory.length === 0) return null;
        return (
          <section key={category.id} className="ed-picker__group" aria-label={category.label}>
            <h3 className="ed-picker__heading">{category.label}</h3>
            <ul className="ed-picker__grid">
              {inCategory.map((d) => (
                <li key={d.type}>
                  <button
                    type="button"
                    className="ed-picker__item"
                    disabled={Boolean(disabledReason)}
                    onClick={() => onPick(d.type)}
                    aria-describedby={`${searchId}-${d.type}`}
                  >
                    <span className="ed-picker__label">{d.label}</span>
                    <span className="ed-picker__hint" id={`${searchId}-${d.type}`}>
                      {d.description}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
