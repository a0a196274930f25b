import { sameTag, TAG_MAX_LENGTH, tagNameError, type ProductTags, type TagType } from '@site/page-content';
import { useId, useState, type KeyboardEvent } from 'react';
import { storeMessages as m } from './store-messages';

export interface ProductTagsPanelProps {
  value: ProductTags;
  onChange: (next: ProductTags) => void;
  /** The names the store's products already use, offered as suggestions. */
  known?: Readonly<ProductTags>;
  /** The known names are still being fetched; typing a new name still works. */
  isLoading?: boolean;
  /** Why the known names could not be fetched. */
  error?: string;
  isDisabled?: boolean;
}

const KEYS: Record<TagType, keyof ProductTags> = { tag: 'tags', category: 'categories' };

/** One type's names on the product: chosen ones to remove, a box to pick a known one or type a new one. */
function NameChooser({
  tagType,
  names,
  known,
  isDisabled,
  onChange,
}: {
  tagType: TagType;
  names: readonly string[];
  known: readonly string[];
  isDisabled?: boolean;
  onChange: (names: string[]) => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string>();
  const offered = known.filter((k) => !names.some((n) => sameTag(n, k)));
  const add = () => {
    const invalid = tagNameError(tagType, typed);
    setProblem(invalid);
    if (invalid) return;
    // A known name keeps its spelling, so "Bags" and "bags" stay one category.
    const name = known.find((k) => sameTag(k, typed)) ?? typed.trim();
    if (!names.some((n) => sameTag(n, name))) onChange([...names, name]);
    setTyped('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the name here rather than saving the whole product.
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };
  const plural = m.nameTypes[tagType].toLowerCase();
  return (
    <div className="ed-tag-chooser" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="ed-tag-chooser__label">
        {m.nameTypes[tagType]}
      </span>
      {names.length === 0 ? (
        <p className="ed-field__hint">{m.noNames(plural)}</p>
      ) : (
        <ul className="ed-tag-chooser__names" aria-label={m.nameTypes[tagType]}>
          {names.map((name) => (
            <li key={name} className="ed-tag-chip">
              <span>{name}</span>
              <button
                type="button"
                className="ed-tag-chip__remove"
                aria-label={m.removeName(tagType, name)}
                disabled={isDisabled}
                onClick={() => onChange(names.filter((n) => n !== name))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="ed-tag-chooser__add">
        <div className="ed-field">
          <label htmlFor={`${id}-name`}>{m.newName(tagType)}</label>
          <input
            id={`${id}-name`}
            className="ed-input"
            list={`${id}-known`}
            value={typed}
            disabled={isDisabled}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : `${id}-limit`}
            onChange={(e) => {
              setTyped(e.target.value);
              setProblem(undefined);
            }}
            onKeyDown={onKeyDown}
          />
          <span className="ed-field__hint" id={`${id}-limit`}>
            {m.nameLimit(TAG_MAX_LENGTH[tagType])}
          </span>
        </div>
        <datalist id={`${id}-known`}>
          {offered.map((k) => (
            <option key={k} value={k} />
          ))}
        </datalist>
        <button type="button" className="ed-button" disabled={isDisabled} onClick={add}>
          {m.addName(tagType)}
        </button>
      </div>
      {problem && (
        <span className="ed-field__error" id={`${id}-problem`} role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}

/**
 * A product's tags and categories (platform.md §2, §5 limits and messages): the caller saves them
 * with their own call, apart from the product, so the product's version is not bumped.
 */
export function ProductTagsPanel({
  value,
  onChange,
  known,
  isLoading,
  error,
  isDisabled,
}: ProductTagsPanelProps) {
  return (
    <fieldset className="ed-fieldset" aria-busy={isLoading || undefined}>
      <legend>{m.tagsAndCategories}</legend>
      <p className="ed-field__hint">{m.tagsHint}</p>
      {isLoading && <p className="ed-field__hint">{m.loadingNames}</p>}
      {error && (
        <p role="alert" className="ed-store__error">
          {error}
        </p>
      )}
      {(['tag', 'category'] as const).map((tagType) => (
        <NameChooser
          key={tagType}
          tagType={tagType}
          names={value[KEYS[tagType]]}
          known={known?.[KEYS[tagType]] ?? []}
          isDisabled={isDisabled}
          onChange={(names) => onChange({ ...value, [KEYS[tagType]]: names })}
        />
      ))}
    </fieldset>
  );
}
