import { css } from '@codemirror/lang-css';
import { html } from '@codemirror/lang-html';
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';

/** The code block's languages (its `language` setting). */
export type CodeLanguage = 'plain' | 'html' | 'css' | 'javascript' | 'json';

const LANGUAGES: Record<CodeLanguage, () => Extension> = {
  plain: () => [],
  html: () => html(),
  css: () => css(),
  javascript: () => javascript(),
  json: () => json(),
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
  const language = LANGUAGES[options.language as CodeLanguage] ?? LANGUAGES.plain;
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: options.doc,
      extensions: [
        basicSetup,
        language(),
        EditorState.readOnly.of(options.isReadOnly),
        EditorView.contentAttributes.of(options.labelledBy ? { 'aria-labelledby': options.labelledBy } : {}),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) options.onChange(update.state.doc.toString());
        }),
      ],
    }),
  });
  return {
    setDoc: (doc) => {
      if (doc !== view.state.doc.toString())
        view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: doc } });
    },
    destroy: () => view.destroy(),
  };
}
