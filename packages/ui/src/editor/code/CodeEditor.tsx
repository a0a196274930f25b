import { messages } from '@site/page-content';
import { useEffect, useRef } from 'react';
import { createCodeMirror, type CodeLanguage, type CodeMirrorHandle } from './codemirror';

export interface CodeEditorProps {
  value: string;
  onChange: (code: string) => void;
  language?: CodeLanguage;
  /** Id of the visible label. */
  labelledBy?: string;
  maxLength?: number;
  isReadOnly?: boolean;
  /** Defaults to the browser's; a prop so stories and tests can show the Android fallback. */
  userAgent?: string;
}

/** True where CodeMirror's editing is unreliable (platform.md §8): Android's keyboards. */
export function isAndroid(userAgent: string): boolean {
  return /android/i.test(userAgent);
}

/**
 * The code block's editor: CodeMirror 6 with highlighting for the block's language; on Android a
 * plain text area and the spec's message instead.
 */
export function CodeEditor({ userAgent = globalThis.navigator?.userAgent ?? '', ...props }: CodeEditorProps) {
  return isAndroid(userAgent) ? <PlainCodeEditor {...props} /> : <CodeMirrorEditor {...props} />;
}

function PlainCodeEditor({ value, onChange, labelledBy, maxLength, isReadOnly }: CodeEditorProps) {
  return (
    <div className="ed-code">
      <p className="ed-notice" role="status">
        {messages.codeEditingUnavailableOnAndroid}
      </p>
      <textarea
        className="ed-input ed-textarea ed-code__plain"
        rows={10}
        spellCheck={false}
        value={value}
        maxLength={maxLength}
        readOnly={isReadOnly}
        aria-labelledby={labelledBy}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

function CodeMirrorEditor({ value, onChange, language = 'plain', labelledBy, isReadOnly }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<CodeMirrorHandle | null>(null);
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;

  useEffect(() => {
    const handle = createCodeMirror(host.current!, {
      doc: value,
      language,
      labelledBy,
      isReadOnly: Boolean(isReadOnly),
      onChange: (code) => latestOnChange.current(code),
    });
    view.current = handle;
    return () => handle.destroy();
    // The view is made once per language and mode; later values are pushed in below.
  }, [language, labelledBy, isReadOnly]);

  useEffect(() => {
    view.current?.setDoc(value);
  }, [value]);

  return <div className="ed-code" ref={host} />;
}
