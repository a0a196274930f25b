import { lintGutter, linter, type Diagnostic } from '@codemirror/lint';
import { EditorState, type Text } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { messages, type TemplateProblem } from '@site/page-content';
import { basicSetup } from 'codemirror';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { isAndroid } from './CodeEditor';
import { accessibleCode } from './codemirror';
import { jsonT } from './json-t';

export interface TemplateEditorProps {
  value: string;
  onChange: (source: string) => void;
  /** The template engine's syntax check; its errors show in the gutter at their line and column. */
  check: (source: string) => TemplateProblem[];
  /** Id of the visible label. */
  labelledBy?: string;
  isReadOnly?: boolean;
  /** Defaults to the browser's; a prop so stories and tests can show the Android fallback. */
  userAgent?: string;
}

const offset = (doc: Text, line: number, column: number) => {
  const l = doc.line(Math.min(Math.max(1, line), doc.lines));
  return Math.min(l.from + Math.max(0, column - 1), l.to);
};

/**
 * A site template's source in CodeMirror 6 with JSON-T highlighting; the engine's syntax errors
 * appear in the gutter and under the editor as you type (platform.md §2 code editor). On Android
 * a plain text area and the spec's message instead.
 */
export function TemplateEditor({
  userAgent = globalThis.navigator?.userAgent ?? '',
  ...props
}: TemplateEditorProps) {
  const [debounced, setDebounced] = useState(props.value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(props.value), 250);
    return () => clearTimeout(timer);
  }, [props.value]);
  const { check } = props;
  const problems = useMemo(() => check(debounced), [check, debounced]);
  return (
    <div className="ed-template-editor">
      {isAndroid(userAgent) ? <PlainTemplateEditor {...props} /> : <CodeMirrorTemplateEditor {...props} />}
      <ProblemList problems={problems} />
    </div>
  );
}

function ProblemList({ problems }: { problems: TemplateProblem[] }) {
  const id = useId();
  return (
    <div className="ed-template-editor__problems" role="status" aria-labelledby={id}>
      <p className="ed-field__hint" id={id}>
        {problems.length === 0
          ? 'No syntax errors.'
          : `${problems.length} syntax ${problems.length === 1 ? 'error' : 'errors'}:`}
      </p>
      {problems.length > 0 && (
        <ul className="ed-template-editor__list">
          {problems.map((p, i) => (
            <li key={i} className="ed-field__error">
              Line {p.line}, column {p.column}: {p.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PlainTemplateEditor({
  value,
  onChange,
  labelledBy,
  isReadOnly,
}: Omit<TemplateEditorProps, 'userAgent'>) {
  return (
    <>
      <p className="ed-notice" role="status">
        {messages.codeEditingUnavailableOnAndroid}
      </p>
      <textarea
        className="ed-input ed-textarea ed-code__plain"
        rows={20}
        spellCheck={false}
        value={value}
        readOnly={isReadOnly}
        aria-labelledby={labelledBy}
        onChange={(e) => onChange(e.target.value)}
      />
    </>
  );
}

function CodeMirrorTemplateEditor({
  value,
  onChange,
  check,
  labelledBy,
  isReadOnly,
}: Omit<TemplateEditorProps, 'userAgent'>) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ onChange, check });
  latest.current = { onChange, check };

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          jsonT,
          lintGutter(),
          linter(
            (v): Diagnostic[] =>
              latest.current.check(v.state.doc.toString()).map((p) => {
                const from = offset(v.state.doc, p.line, p.column);
                return {
                  from,
                  to: Math.min(from + 1, v.state.doc.length),
                  severity: 'error',
                  message: p.message,
                };
              }),
            { delay: 250 },
          ),
          EditorState.readOnly.of(Boolean(isReadOnly)),
          accessibleCode(labelledBy),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
    // Made once per mode; later values are pushed in below.
  }, [labelledBy, isReadOnly]);

  useEffect(() => {
    const v = view.current;
    if (v && value !== v.state.doc.toString())
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  return <div className="ed-code ed-code--template" ref={host} />;
}
