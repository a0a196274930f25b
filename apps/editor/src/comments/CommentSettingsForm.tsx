import { commentSettingsMessages as m, editorMessages } from '@site/ui';
import { useId, useState } from 'react';
import { useCommentSettings, useSaveCommentSettings } from '../api/comments';
import { errorMessage } from '../screen-kit/save-state';

/**
 * The site's switch for comments (platform.md §3 commentsEnabled). Off, no post shows its comment
 * section or takes a comment; on, each post's own "Allow comments" decides.
 */
export function CommentSettingsForm({ isReadOnly }: { isReadOnly: boolean }) {
  const id = useId();
  const current = useCommentSettings();
  const save = useSaveCommentSettings();
  // The box as ticked; undefined until the owner touches it, so it follows what is saved.
  const [ticked, setTicked] = useState<boolean>();
  const saved = current.data?.commentsEnabled;
  const on = ticked ?? saved ?? false;
  return (
    <form
      className="ed-card ed-comment-settings"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ commentsEnabled: on }, { onSuccess: () => setTicked(undefined) });
      }}
    >
      <h2 id={`${id}-title`} className="ed-card__title">
        {m.title}
      </h2>
      {current.isPending ? (
        <p role="status">{editorMessages.loading}</p>
      ) : current.error ? (
        <p role="alert" className="ed-field__error">
          {errorMessage(current.error)}
        </p>
      ) : (
        <fieldset className="ed-inspector__fields" disabled={isReadOnly}>
          <label className="ed-check">
            <input
              type="checkbox"
              checked={on}
              aria-describedby={`${id}-hint`}
              onChange={(e) => setTicked(e.target.checked)}
            />
            {m.allow}
          </label>
          <p id={`${id}-hint`} className="ed-field__hint">
            {m.hint}
          </p>
          {save.error && (
            <p role="alert" className="ed-field__error">
              {errorMessage(save.error)}
            </p>
          )}
          <div className="ed-row">
            {!isReadOnly && (
              <button
                type="submit"
                className="ed-button ed-button--primary"
                disabled={save.isPending || on === saved}
              >
                {m.save}
              </button>
            )}
            <p role="status" className="ed-muted">
              {save.isSuccess && ticked === undefined ? m.saved(saved === true) : ''}
            </p>
          </div>
        </fieldset>
      )}
    </form>
  );
}
