import { DEVICE_VIEWS, type DeviceView } from '@site/page-content';
import { useEffect, useRef, useState } from 'react';
import { editableElement, inPlaceTarget, valueFromElement, type InPlaceTarget } from './in-place';
import { CONTENT_ID, previewDocumentHtml, type PreviewParts } from './render-preview';

/** Typing on the page itself; the editor's one document store stays the only source of truth. */
export interface InPlaceEditing {
  /** The block's type, read from the editor's document (undefined: no such block). */
  blockType: (blockId: string) => string | undefined;
  /** Every keystroke's value goes here, into the same history and autosave as the inspector. */
  onInput: (blockId: string, target: InPlaceTarget, value: string) => void;
  /** Undo, redo and save typed while the preview has the keyboard. */
  onShortcut: (event: KeyboardEvent) => boolean;
  onEditingChange: (editing: { blockId: string; target: InPlaceTarget } | undefined) => void;
  /**
   * True while the parts on show came from the owner's own typing here: the frame then keeps
   * the element under the caret instead of patching it (an undo or an inspector change is not).
   */
  isOwnEdit: boolean;
}

export interface PreviewFrameProps {
  parts: PreviewParts;
  device: DeviceView;
  selectedBlockId?: string;
  onSelectBlock: (blockId: string) => void;
  title: string;
  /** Absent for members who may only look. */
  inPlace?: InPlaceEditing;
  /** Starts editing this block on the page (from a button, for the keyboard); a new object each time. */
  editRequest?: { blockId: string };
}

// Drawn by the editor over the site's own styles: selection and hover outlines, and no pointer
// surprises (links and forms do nothing in the preview).
const EDITOR_STYLE = `
[data-block-id]{cursor:pointer;transition:outline-color .12s}
[data-block-id]:hover{outline:1px dashed rgb(26 95 180 / 60%);outline-offset:4px}
[data-block-id][data-ed-selected]{outline:2px solid #1a5fb4;outline-offset:4px}
[data-ed-editing]{cursor:text;outline:2px solid #1a5fb4;outline-offset:2px;box-shadow:0 0 0 6px rgb(26 95 180 / 18%)}
[data-ed-editing]:focus{outline:2px solid #1a5fb4}
`;

interface Session {
  blockId: string;
  target: InPlaceTarget;
  type: string;
  element: HTMLElement;
}

/**
 * The live preview: an iframe whose document the editor writes. The layout is written once (and
 * again only when it changes); every edit after that replaces just the content element, so
 * typing shows at once without reloading styles or losing the scroll position.
 *
 * Headings, text, button labels and captions can be typed into right here: the element becomes
 * editable, each keystroke goes to the editor's document, and the frame leaves that element alone
 * while the change is the owner's own typing, so the caret never jumps. Anything else that
 * changes the page meanwhile (undo, the inspector) patches the content and editing resumes.
 */
export function PreviewFrame({
  parts,
  device,
  selectedBlockId,
  onSelectBlock,
  title,
  inPlace,
  editRequest,
}: PreviewFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const shellRef = useRef<string | undefined>(undefined);
  const shownRef = useRef<string | undefined>(undefined);
  const latest = useRef({ onSelectBlock, inPlace, parts, selectedBlockId });
  latest.current = { onSelectBlock, inPlace, parts, selectedBlockId };
  const session = useRef<Session | undefined>(undefined);
  // Replacing the content takes the focus from the edited element; that is not the owner leaving.
  const patching = useRef(false);

  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    const container = doc.getElementById(CONTENT_ID);
    if (shellRef.current === parts.shell && container) {
      const editing = session.current;
      // The owner's typing is already on show; what is shown is then no render of ours, so the
      // next change (an undo back to the last render, say) is patched whatever it is.
      if (editing && inPlace?.isOwnEdit) shownRef.current = undefined;
      else if (parts.content !== shownRef.current) {
        patching.current = true;
        container.innerHTML = parts.content;
        patching.current = false;
        shownRef.current = parts.content;
        if (editing) resume(doc, editing);
      }
    } else {
      stopEditing(false);
      shellRef.current = parts.shell;
      shownRef.current = parts.content;
      doc.open();
      doc.write(previewDocumentHtml(parts));
      doc.close();
      const style = doc.createElement('style');
      style.textContent = EDITOR_STYLE;
      doc.head.append(style);
      listen(doc);
    }
    markSelection(doc, selectedBlockId);
    // `resume`, `listen` and `stopEditing` read everything else through refs.
  }, [parts, selectedBlockId, inPlace?.isOwnEdit]);

  // Members who may only look lose any editing the moment the role changes.
  const canEdit = inPlace !== undefined;
  useEffect(() => {
    if (!canEdit) stopEditing(true);
  }, [canEdit]);

  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (doc && editRequest) startEditing(doc, editRequest.blockId, true);
  }, [editRequest]);

  function startEditing(doc: Document, blockId: string, caretAtEnd: boolean): boolean {
    const editor = latest.current.inPlace;
    const type = editor?.blockType(blockId);
    const target = type ? inPlaceTarget(type) : undefined;
    const block = doc.querySelector(`[data-block-id="${CSS.escape(blockId)}"]`);
    const element = block && target ? editableElement(block, target) : null;
    if (!editor || !type || !target || !element) return false;
    if (session.current?.element === element) return true;
    stopEditing(true);
    session.current = { blockId, target, type, element };
    makeEditable(element, target);
    // Enter in rich text starts a paragraph, as the inspector's editor does.
    if (target.kind === 'rich') doc.execCommand('defaultParagraphSeparator', false, 'p');
    element.focus();
    if (caretAtEnd) caretToEnd(doc, element);
    editor.onEditingChange({ blockId, target });
    return true;
  }

  /** After a patch the edited element is a new one: make it editable again, caret at its end. */
  function resume(doc: Document, editing: Session) {
    const block = doc.querySelector(`[data-block-id="${CSS.escape(editing.blockId)}"]`);
    const element = block ? editableElement(block, editing.target) : null;
    if (!element) return stopEditing(true);
    session.current = { ...editing, element };
    makeEditable(element, editing.target);
    element.focus();
    caretToEnd(doc, element);
  }

  function stopEditing(announce: boolean) {
    const editing = session.current;
    if (!editing) return;
    session.current = undefined;
    editing.element.removeAttribute('contenteditable');
    editing.element.removeAttribute('data-ed-editing');
    editing.element.removeAttribute('role');
    editing.element.removeAttribute('aria-label');
    editing.element.removeAttribute('aria-multiline');
    // What was typed is shown as the templates render it (cleaned rich text, for one).
    const doc = frame.current?.contentDocument;
    const container = doc?.getElementById(CONTENT_ID);
    const { parts: current, selectedBlockId: selectedNow } = latest.current;
    if (doc && container && current.content !== shownRef.current) {
      container.innerHTML = current.content;
      shownRef.current = current.content;
      markSelection(doc, selectedNow);
    }
    if (announce) latest.current.inPlace?.onEditingChange(undefined);
  }

  function listen(doc: Document) {
    // Made editable before the browser handles the press, so the caret lands where it was clicked.
    doc.addEventListener('mousedown', (event) => {
      const target = event.target as Element | null;
      const editing = session.current;
      if (editing && target && editing.element.contains(target)) return;
      stopEditing(true);
      const block = target?.closest('[data-block-id]');
      const blockId = block?.getAttribute('data-block-id');
      const type = blockId ? latest.current.inPlace?.blockType(blockId) : undefined;
      const inPlaceAt = type ? inPlaceTarget(type) : undefined;
      const element = block && inPlaceAt ? editableElement(block, inPlaceAt) : null;
      if (blockId && element?.contains(target)) startEditing(doc, blockId, false);
    });
    doc.addEventListener('click', (event) => {
      const target = event.target as Element | null;
      if (target?.closest('a, button, form, input, select, textarea, summary')) event.preventDefault();
      const block = target?.closest('[data-block-id]');
      if (block) latest.current.onSelectBlock(block.getAttribute('data-block-id')!);
    });
    doc.addEventListener('submit', (event) => event.preventDefault());
    doc.addEventListener('input', () => {
      const editing = session.current;
      if (!editing) return;
      latest.current.inPlace?.onInput(
        editing.blockId,
        editing.target,
        valueFromElement(editing.element, editing.target, editing.type),
      );
    });
    // Pasted text arrives as text: formatting from elsewhere never reaches the page.
    doc.addEventListener('paste', (event) => {
      if (!session.current) return;
      event.preventDefault();
      doc.execCommand('insertText', false, event.clipboardData?.getData('text/plain') ?? '');
    });
    doc.addEventListener('keydown', (event) => {
      const editor = latest.current.inPlace;
      if (!editor) return;
      if (editor.onShortcut(event)) return;
      const editing = session.current;
      if (editing) {
        if (event.key === 'Escape' || (event.key === 'Enter' && editing.target.kind === 'plain')) {
          event.preventDefault();
          stopEditing(true);
          doc.body.focus();
        }
        return;
      }
      const selectedNow = latest.current.selectedBlockId;
      if (event.key === 'Enter' && selectedNow && startEditing(doc, selectedNow, true))
        event.preventDefault();
    });
    // Leaving the text (into the inspector, the block list, another window) ends the editing.
    doc.addEventListener('focusout', (event) => {
      const editing = session.current;
      if (editing && event.target === editing.element && !patching.current) stopEditing(true);
    });
  }

  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc || !selectedBlockId) return;
    doc
      .querySelector(`[data-block-id="${CSS.escape(selectedBlockId)}"]`)
      ?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [selectedBlockId]);

  const stage = useRef<HTMLDivElement>(null);
  const [stageSize, setStageSize] = useState<{ width: number; height: number }>();
  useEffect(() => {
    const el = stage.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      setStageSize({ width: el.clientWidth, height: el.clientHeight }),
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Every device is laid out at its own width (desktop at 1280, so the owner edits the layout
  // visitors get, not the narrow stacked one) and scaled down to fit a narrower pane.
  const width = DEVICE_VIEWS[device].width;
  const scale = stageSize && stageSize.width > 0 && stageSize.width < width ? stageSize.width / width : 1;
  const left = stageSize && scale === 1 ? Math.max(0, (stageSize.width - width) / 2) : 0;
  return (
    <div className={`ed-preview ed-preview--${device}`} ref={stage}>
      <iframe
        ref={frame}
        className="ed-preview__frame"
        title={title}
        style={{
          width,
          left,
          height: stageSize && scale < 1 ? stageSize.height / scale : undefined,
          transform: scale < 1 ? `scale(${scale})` : undefined,
        }}
        // Same origin so the editor can write into it; no scripts ever run inside.
        sandbox="allow-same-origin"
        data-device={device}
      />
    </div>
  );
}

function markSelection(doc: Document, selectedBlockId: string | undefined) {
  doc.querySelectorAll('[data-ed-selected]').forEach((el) => el.removeAttribute('data-ed-selected'));
  if (selectedBlockId)
    doc
      .querySelector(`[data-block-id="${CSS.escape(selectedBlockId)}"]`)
      ?.setAttribute('data-ed-selected', '');
}

function makeEditable(element: HTMLElement, target: InPlaceTarget) {
  // One line of plain text or the toolbar's markup: the browser inserts nothing else.
  element.setAttribute('contenteditable', target.kind === 'plain' ? 'plaintext-only' : 'true');
  element.setAttribute('data-ed-editing', '');
  element.setAttribute('role', 'textbox');
  element.setAttribute('aria-label', target.label);
  if (target.kind === 'rich') element.setAttribute('aria-multiline', 'true');
}

function caretToEnd(doc: Document, element: HTMLElement) {
  const range = doc.createRange();
  range.selectNodeContents(element);
  range.collapse(false);
  const selection = doc.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}
