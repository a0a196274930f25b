import { emptyLinkDraft, linkHref, parseLinkHref, type LinkDraft } from '@site/page-content';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { useEffect, useId, useState } from 'react';
import { ALIGNMENTS, richTextExtensions } from './extensions';
import { LinkEditorDialog, type LinkTargets } from './LinkEditorDialog';
import {
  EMPTY_TOOLBAR_STATE,
  RichTextToolbar,
  type TextStyle,
  type ToolbarCommand,
  type ToolbarState,
} from './RichTextToolbar';

export interface RichTextEditorProps extends Partial<LinkTargets> {
  /** HTML as stored (the server sanitises it again on save). */
  value: string;
  onChange: (html: string) => void;
  /** Id of the visible label of the editable area. */
  labelledBy?: string;
  isReadOnly?: boolean;
}

function toolbarState(editor: Editor): ToolbarState {
  const level = ([1, 2, 3, 4] as const).find((l) => editor.isActive('heading', { level: l }));
  return {
    style: level ? (`h${level}` as TextStyle) : 'paragraph',
    marks: {
      bold: editor.isActive('bold'),
      italic: editor.isActive('italic'),
      underline: editor.isActive('underline'),
      strike: editor.isActive('strike'),
    },
    blocks: {
      bulletList: editor.isActive('bulletList'),
      orderedList: editor.isActive('orderedList'),
      blockquote: editor.isActive('blockquote'),
    },
    align: ALIGNMENTS.find((a) => a !== 'left' && editor.isActive({ textAlign: a })) ?? 'left',
    link: editor.isActive('link'),
  };
}

function run(editor: Editor, command: ToolbarCommand) {
  const chain = editor.chain().focus();
  switch (command.kind) {
    case 'style':
      if (command.style === 'paragraph') chain.setParagraph().run();
      else chain.setHeading({ level: Number(command.style.slice(1)) as 1 | 2 | 3 | 4 }).run();
      return;
    case 'mark':
      chain.toggleMark(command.mark).run();
      return;
    case 'block':
      if (command.block === 'bulletList') chain.toggleBulletList().run();
      else if (command.block === 'orderedList') chain.toggleOrderedList().run();
      else chain.toggleBlockquote().run();
      return;
    case 'align':
      chain.setTextAlign(command.align).run();
      return;
    case 'clear':
      chain.unsetAllMarks().clearNodes().unsetTextAlign().run();
      return;
    case 'link':
      return;
  }
}

function applyLink(editor: Editor, draft: LinkDraft) {
  const attrs = { href: linkHref(draft), target: draft.newWindow ? '_blank' : null };
  const chain = editor.chain().focus().extendMarkRange('link');
  const { empty } = editor.state.selection;
  const name = draft.name.trim();
  if (name !== '' || empty) {
    chain.insertContent({ type: 'text', text: name || attrs.href, marks: [{ type: 'link', attrs }] }).run();
  } else {
    chain.setLink(attrs).run();
  }
}

/**
 * The text block's editor (Tiptap): the toolbar of platform.md §2 over an editable area, with
 * the link editor for links. It makes only the markup the page-content sanitizer keeps.
 */
export function RichTextEditor({
  value,
  onChange,
  labelledBy,
  isReadOnly,
  pages = [],
  files = [],
}: RichTextEditorProps) {
  const contentId = useId();
  const [link, setLink] = useState<{ draft: LinkDraft; isEditing: boolean } | null>(null);
  const editor = useEditor({
    extensions: richTextExtensions(),
    content: value,
    editable: !isReadOnly,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        id: contentId,
        class: 'ed-rt-content',
        role: 'textbox',
        'aria-multiline': 'true',
        ...(labelledBy ? { 'aria-labelledby': labelledBy } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => (e ? toolbarState(e) : EMPTY_TOOLBAR_STATE),
  });

  // A new value from outside (another block selected, an undo in the page editor) replaces the
  // content; the editor's own changes come back equal and are left alone.
  // (useEditor replaces a destroyed editor on the next render, when Suspense re-runs effects.)
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (value !== editor.getHTML()) editor.commands.setContent(value, { emitUpdate: false });
    // Without `false` Tiptap reports the switch as an update, which the page editor takes for an edit.
    editor.setEditable(!isReadOnly, false);
  }, [editor, value, isReadOnly]);

  const openLink = () => {
    if (!editor) return;
    const { href, target } = editor.getAttributes('link') as { href?: string; target?: string };
    setLink(
      href
        ? { draft: parseLinkHref(href, target === '_blank'), isEditing: true }
        : { draft: emptyLinkDraft(pages.length > 0 ? 'page' : 'url'), isEditing: false },
    );
  };

  return (
    <div className="ed-rt">
      <RichTextToolbar
        state={state ?? EMPTY_TOOLBAR_STATE}
        isDisabled={isReadOnly || !editor}
        controls={contentId}
        onCommand={(command) => {
          if (!editor) return;
          if (command.kind === 'link') openLink();
          else run(editor, command);
        }}
      />
      <EditorContent editor={editor} />
      {link && (
        <LinkEditorDialog
          isOpen
          initial={link.draft}
          isEditing={link.isEditing}
          pages={pages}
          files={files}
          onCancel={() => setLink(null)}
          onRemove={() => {
            editor?.chain().focus().extendMarkRange('link').unsetLink().run();
            setLink(null);
          }}
          onSave={(draft) => {
            if (editor) applyLink(editor, draft);
            setLink(null);
          }}
        />
      )}
    </div>
  );
}
