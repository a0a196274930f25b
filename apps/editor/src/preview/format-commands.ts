import type { TextAlign, TextStyle, ToolbarCommand, ToolbarState } from '@site/ui/editor-floating-toolbar';

// The browser's own editing commands for text typed in the preview. What they write (<b>, <i>,
// <strike>, <div>) is renamed and cleaned by `valueFromElement` exactly as the toolbar's markup.
const MARK_COMMANDS = { bold: 'bold', italic: 'italic', underline: 'underline', strike: 'strikeThrough' };
const ALIGN_COMMANDS: Record<TextAlign, string> = {
  left: 'justifyLeft',
  center: 'justifyCenter',
  right: 'justifyRight',
  justify: 'justifyFull',
};
const STYLES = new Set<string>(['p', 'h1', 'h2', 'h3', 'h4']);

/** What the caret or selection in the edited text has now, as the toolbar shows it. */
export function formattingAt(doc: Document, element: HTMLElement): ToolbarState {
  const block = (doc.queryCommandValue('formatBlock') || 'p').toLowerCase();
  return {
    style: (STYLES.has(block) && block !== 'p' ? block : 'paragraph') as TextStyle,
    marks: {
      bold: doc.queryCommandState('bold'),
      italic: doc.queryCommandState('italic'),
      underline: doc.queryCommandState('underline'),
      strike: doc.queryCommandState('strikeThrough'),
    },
    blocks: {
      bulletList: doc.queryCommandState('insertUnorderedList'),
      orderedList: doc.queryCommandState('insertOrderedList'),
      blockquote: block === 'blockquote',
    },
    align:
      (Object.keys(ALIGN_COMMANDS) as TextAlign[]).find((a) => doc.queryCommandState(ALIGN_COMMANDS[a])) ??
      'left',
    link: linkAround(doc.getSelection()?.anchorNode, element) !== null,
  };
}

/** Applies one toolbar command (all but the link, which asks first) to the edited text. */
export function applyFormatting(doc: Document, command: Exclude<ToolbarCommand, { kind: 'link' }>) {
  switch (command.kind) {
    case 'mark':
      return doc.execCommand(MARK_COMMANDS[command.mark]);
    case 'style':
      return doc.execCommand('formatBlock', false, command.style === 'paragraph' ? 'p' : command.style);
    case 'align':
      return doc.execCommand(ALIGN_COMMANDS[command.align]);
    case 'block':
      if (command.block === 'bulletList') return doc.execCommand('insertUnorderedList');
      if (command.block === 'orderedList') return doc.execCommand('insertOrderedList');
      return doc.execCommand(
        'formatBlock',
        false,
        (doc.queryCommandValue('formatBlock') || '').toLowerCase() === 'blockquote' ? 'p' : 'blockquote',
      );
    case 'clear':
      doc.execCommand('removeFormat');
      return doc.execCommand('unlink');
  }
}

function linkAround(node: Node | null | undefined, element: HTMLElement): HTMLAnchorElement | null {
  const at = node instanceof Element ? node : node?.parentElement;
  const link = at?.closest('a');
  return link && element.contains(link) ? link : null;
}

/**
 * Makes the selection a link, or changes the link the caret is in. With nothing selected the
 * link's name (or its address) is written at the caret as the link.
 */
export function applyLink(
  doc: Document,
  element: HTMLElement,
  link: { href: string; newWindow: boolean; name: string },
) {
  const selection = doc.getSelection();
  if (!selection) return;
  const existing = linkAround(selection.anchorNode, element);
  if (existing && selection.isCollapsed) selection.selectAllChildren(existing);
  if (selection.isCollapsed) {
    const a = doc.createElement('a');
    a.href = link.href;
    a.textContent = link.name || link.href;
    doc.execCommand('insertHTML', false, a.outerHTML);
  } else doc.execCommand('createLink', false, link.href);
  for (const a of element.querySelectorAll('a')) {
    if (a.getAttribute('href') !== link.href) continue;
    if (link.newWindow) a.setAttribute('target', '_blank');
    else a.removeAttribute('target');
  }
}

/** Takes away the link the caret or selection is in. */
export function removeLink(doc: Document, element: HTMLElement) {
  const selection = doc.getSelection();
  const existing = linkAround(selection?.anchorNode, element);
  if (existing && selection?.isCollapsed) selection.selectAllChildren(existing);
  doc.execCommand('unlink');
}

/** The link the caret is in, as the link editor opens it. */
export function linkAt(doc: Document, element: HTMLElement): { href: string; newWindow: boolean } | null {
  const existing = linkAround(doc.getSelection()?.anchorNode, element);
  return existing
    ? { href: existing.getAttribute('href') ?? '', newWindow: existing.getAttribute('target') === '_blank' }
    : null;
}
