import { defaultHighlightStyle, HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';

// CodeMirror's colours for type names, regular expressions and errors fall under 4.5:1 on its
// active-line tint (axe flagged the template editor's tag names); the same palette, those darker.
const DARKER: Record<string, string> = { '#085': '#00704a', '#e40': '#b32d00', '#f00': '#c00' };
const readableHighlighting = syntaxHighlighting(
  HighlightStyle.define(
    defaultHighlightStyle.specs.map((spec) =>
      spec.color && DARKER[spec.color] ? { ...spec, color: DARKER[spec.color] } : spec,
    ),
  ),
);

/**
 * What every code editor of the kit adds to CodeMirror's basic setup: readable colours, and the
 * text area in the tab order even when read-only (CodeMirror then drops contenteditable), so a
 * keyboard user can reach and scroll code wider than the box.
 */
export function accessibleCode(labelledBy: string | undefined): Extension {
  return [
    readableHighlighting,
    EditorView.contentAttributes.of({
      tabindex: '0',
      ...(labelledBy ? { 'aria-labelledby': labelledBy } : {}),
    }),
  ];
}

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
        accessibleCode(options.labelledBy),
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
