import {
  filterTags,
  TAG_MAX_LENGTH,
  tagMessages,
  tagNameError,
  sameTag,
  type TagType,
  type TagView,
} from '@site/page-content';
import { useId, useState, type FormEvent } from 'react';
import { editorMessages } from '../editor-messages';

/** What the names are on, for the counts: "2 posts", "1 product". */
export interface TagItemNoun {
  one: string;
  many: string;
}
const POSTS: TagItemNoun = { one: 'post', many: 'posts' };

export interface TagManagerPanelProps {
  tagType: TagType;
  tags: readonly TagView[];
  onCreate: (name: string) => void;
  onRename: (from: string, to: string) => void;
  onMerge: (from: string[], into: string) => void;
  onRemove: (names: string[]) => void;
  /** The server's answer to the last change, shown as is. */
  error?: string;
  isPending?: boolean;
  isReadOnly?: boolean;
  /** The names are still being fetched: nothing can be chosen yet. */
  isLoading?: boolean;
  /** Blog posts unless said. */
  items?: TagItemNoun;
}

/**
 * The tag and category manager (platform.md §2): new, edit, merge, remove and filter, with the
 * length limits and messages of §5. Editing is one at a time; several selected names merge into
 * one chosen name, or are removed from every post.
 */
export function TagManagerPanel({
  tagType,
  tags,
  onCreate,
  onRename,
  onMerge,
  onRemove,
  error,
  isPending,
  isReadOnly,
  isLoading,
  items = POSTS,
}: TagManagerPanelProps) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<{ name: string; value: string }>();
  const [selected, setSelected] = useState<string[]>([]);
  const [into, setInto] = useState('');
  const [problem, setProblem] = useState<string>();
  const plural = tagType === 'tag' ? 'tags' : 'categories';
  const shown = filterTags(tags, filter);

  const create = (e: FormEvent) => {
    e.preventDefault();
    const invalid =
      tagNameError(tagType, draft) ??
      (tags.some((t) => sameTag(t.name, draft)) ? tagMessages.exists(tagType) : undefined);
    setProblem(invalid);
    if (!invalid) {
      onCreate(draft.trim());
      setDraft('');
    }
  };
  const startEdit = (name: string) => {
    if (editing && !sameTag(editing.name, name)) {
      setProblem(tagMessages.editOne(tagType));
      return;
    }
    setProblem(undefined);
    setEditing({ name, value: name });
  };
  const saveEdit = (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    const invalid =
      tagNameError(tagType, editing.value) ??
      (tags.some((t) => sameTag(t.name, editing.value) && !sameTag(t.name, editing.name))
        ? tagMessages.exists(tagType)
        : undefined);
    setProblem(invalid);
    if (invalid) return;
    onRename(editing.name, editing.value.trim());
    setEditing(undefined);
  };
  const toggle = (name: string, on: boolean) =>
    setSelected((s) => (on ? [...s, name] : s.filter((n) => n !== name)));
  const message = problem ?? error;

  return (
    <section className="ed-tags" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{tagType === 'tag' ? 'Tags' : 'Categories'}</h2>
      {!isReadOnly && (
        <form className="ed-field__row" onSubmit={create}>
          <label htmlFor={`${id}-new`} className="ed-field__label">
            New {tagType}
          </label>
          <input
            id={`${id}-new`}
            className="ed-input"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            aria-describedby={`${id}-limit`}
          />
          <button type="submit" className="ed-button ed-button--primary" disabled={isPending || isLoading}>
            Add {tagType}
          </button>
          <span id={`${id}-limit`} className="ed-muted">
            At most {TAG_MAX_LENGTH[tagType]} characters
          </span>
        </form>
      )}
      {message && (
        <p role="alert" className="ed-field__error">
          {message}
        </p>
      )}
      <input
        type="search"
        className="ed-input"
        aria-label={`Filter ${plural}`}
        placeholder={`Filter ${plural}`}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      {isLoading ? (
        <p className="ed-muted" role="status">
          {editorMessages.loading}
        </p>
      ) : shown.length === 0 ? (
        <p className="ed-muted">{tags.length === 0 ? `No ${plural} yet.` : `No ${plural} match.`}</p>
      ) : (
        <ul className="ed-tags__list">
          {shown.map((t) => (
            <li key={t.name} className="ed-field__row">
              {!isReadOnly && (
                <input
                  type="checkbox"
                  aria-label={`Select ${t.name}`}
                  checked={selected.includes(t.name)}
                  onChange={(e) => toggle(t.name, e.target.checked)}
                />
              )}
              {editing && sameTag(editing.name, t.name) ? (
                <form className="ed-field__row" onSubmit={saveEdit}>
                  <input
                    className="ed-input"
                    aria-label={`New name for ${t.name}`}
                    value={editing.value}
                    onChange={(e) => setEditing({ ...editing, value: e.target.value })}
                  />
                  <button type="submit" className="ed-button ed-button--primary" disabled={isPending}>
                    Save
                  </button>
                  <button type="button" className="ed-button" onClick={() => setEditing(undefined)}>
                    Cancel
                  </button>
                </form>
              ) : (
                <>
                  <span>{t.name}</span>
                  <span className="ed-muted">
                    {t.count} {t.count === 1 ? items.one : items.many}
                  </span>
                  {!isReadOnly && (
                    <button
                      type="button"
                      className="ed-button"
                      aria-label={`Edit ${t.name}`}
                      onClick={() => startEdit(t.name)}
                    >
                      Edit
                    </button>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {!isReadOnly && selected.length > 0 && (
        <div className="ed-field__row ed-tags__bulk">
          <label htmlFor={`${id}-into`} className="ed-field__label">
            Merge {selected.length} into
          </label>
          <select
            id={`${id}-into`}
            className="ed-input"
            value={into}
            onChange={(e) => setInto(e.target.value)}
          >
            <option value="">Choose a {tagType}</option>
            {tags
              .filter((t) => !selected.includes(t.name))
              .map((t) => (
                <option key={t.name} value={t.name}>
                  {t.name}
                </option>
              ))}
          </select>
          <button
            type="button"
            className="ed-button"
            disabled={isPending || into === ''}
            onClick={() => {
              onMerge(selected, into);
              setSelected([]);
              setInto('');
            }}
          >
            Merge
          </button>
          <button
            type="button"
            className="ed-button ed-button--danger"
            disabled={isPending}
            onClick={() => {
              onRemove(selected);
              setSelected([]);
            }}
          >
            Remove selected
          </button>
        </div>
      )}
    </section>
  );
}
