import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';

/** The code block's languages (its `language` setting). */
export type CodeLanguage = 'plain' | 'html' | 'css' | 'javascript' | 'json';

// Each language loads when a block first uses it: HTML alone (with the CSS and JavaScript it
// embeds) weighs more than the editor.
const LANGUAGES: Record<CodeLanguage, () => Promise<Extension>> = {
  plain: async () => [],
  html: () => import('@codemirror/lang-html').then((m) => m.html()),
  css: () => import('@codemirror/lang-css').then((m) => m.css()),
  javascript: () => import('@codemirror/lang-javascript').then((m) => m.javascript()),
  json: () => import('@codemirror/lang-json').then((m) => m.json()),
};

export interface CodeMirrorHandle {
  setDoc: (doc: string) => void;
  destroy: () => void;
}

export function createCodeMirror(
  parent: HTMLElement,
  options: {
    doc: string;
    language: string;
    labelledBy?: string;
    isReadOnly: boolean;
    onChange: (doc: string) => void;
  },
): CodeMirrorHandle {
  const language = new Compartment();
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: options.doc,
      extensions: [
        basicSetup,
        language.of([]),
        EditorState.readOnly.of(options.isReadOnly),
        EditorView.contentAttributes.of(options.labelledBy ? { 'aria-labelledby': options.labelledBy } : {}),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) options.onChange(update.state.doc.toString());
        }),
      ],
    }),
  });
  let destroyed = false;
  void (LANGUAGES[options.language as CodeLanguage] ?? LANGUAGES.plain)().then((extension) => {
    if (!destroyed) view.dispatch({ effects: language.reconfigure(extension) });
  });
  return {
    setDoc: (doc) => {
      if (doc !== view.state.doc.toString())
        view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: doc } });
    },
    destroy: () => {
      destroyed = true;
      view.destroy();
    },
  };
}
