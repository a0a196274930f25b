import { useId, useState } from 'react';
import { editorMessages } from './editor-messages';

export interface SaveAsComponentProps {
  /** How many blocks become the component (one, or the Shift-selected ones). */
  blockCount: number;
  onSave: (name: string) => void;
  isSaving?: boolean;
  /** The server's refusal (a name too long, the site's component limit), shown under the field. */
  error?: string;
  isDisabled?: boolean;
}

/**
 * "Save as component" for the selected block or blocks: opens a name field; saving turns the blocks
 * into a component and puts one placed copy of it where they were.
 */
export function SaveAsComponent({ blockCount, onSave, isSaving, error, isDisabled }: SaveAsComponentProps) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const id = useId();
  if (!open)
    return (
      <button type="button" className="ed-button" onClick={() => setOpen(true)} disabled={isDisabled}>
        {editorMessages.saveAsComponent}
      </button>
    );
  return (
    <form
      className="ed-save-component ed-field"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim()) onSave(name.trim());
      }}
    >
      <label className="ed-field__label" htmlFor={id}>
        {editorMessages.componentName}
      </label>
      <input
        id={id}
        className="ed-input"
        value={name}
        maxLength={80}
        required
        autoFocus
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={Boolean(error)}
        onChange={(e) => setName(e.target.value)}
      />
      <p className="ed-field__hint" id={`${id}-hint`}>
        {editorMessages.componentNameHint} {editorMessages.componentBlocks(blockCount)}.
      </p>
      {error && (
        <p className="ed-field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      <div className="ed-row">
        <button type="submit" className="ed-button ed-button--primary" disabled={isSaving || !name.trim()}>
          {isSaving ? 'Saving…' : 'Save component'}
        </button>
        <button type="button" className="ed-button ed-button--ghost" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
