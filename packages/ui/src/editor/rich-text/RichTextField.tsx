import { lazy, Suspense, useId } from 'react';
import { editorMessages } from '../editor-messages';
import type { RichTextEditorProps } from './RichTextEditor';

// Tiptap is large: it loads when a screen first shows a rich-text field.
const RichTextEditor = lazy(() => import('./RichTextEditor').then((m) => ({ default: m.RichTextEditor })));

export interface RichTextFieldProps extends Omit<RichTextEditorProps, 'labelledBy'> {
  label: string;
  /** The server's message for this field, shown below it. */
  error?: string;
}

/** A labelled rich-text editor (the text block's toolbar and link editor) for a form's body field. */
export function RichTextField({ label, error, ...editor }: RichTextFieldProps) {
  const labelId = useId();
  return (
    <div className="ed-field">
      <span className="ed-field__label" id={labelId}>
        {label}
      </span>
      <Suspense fallback={<p className="ed-muted">{editorMessages.loading}</p>}>
        <RichTextEditor {...editor} labelledBy={labelId} />
      </Suspense>
      {error && (
        <p className="ed-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
