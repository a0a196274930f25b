import {
  DEVICE_VIEWS,
  emptyLinkDraft,
  linkHref,
  parseLinkHref,
  type DeviceView,
  type LinkDraft,
} from '@site/page-content';
import type { LinkTargets } from '@site/ui';
import {
  FloatingToolbar,
  LinkEditorDialog,
  type ToolbarAnchor,
  type ToolbarCommand,
  type ToolbarState,
} from '@site/ui/editor-floating-toolbar';
import { useEffect, useRef, useState } from 'react';
import { applyFormatting, applyLink, formattingAt, linkAt, removeLink } from './format-commands';
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
  /** What a link typed on the page may point at: the site's pages and files. */
  linkTargets: LinkTargets;
}

export interface PreviewFrameProps {
  parts: PreviewParts;
  device: DeviceView;
  selectedBlockId?: string;
  /** Blocks selected together with it, outlined too. */
  alsoSelected?: readonly string[];
  /** `extend`: Shift was held (a click or an arrow key), so the block joins the selection. */
  onSelectBlock: (blockId: string, extend: boolean) => void;
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

const NEXT_KEYS = new Set(['ArrowDown', 'ArrowRight']);
const PREVIOUS_KEYS = new Set(['ArrowUp', 'ArrowLeft']);

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
  alsoSelected,
  onSelectBlock,
  title,
  inPlace,
  editRequest,
}: PreviewFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const shellRef = useRef<string | undefined>(undefined);
  const shownRef = useRef<string | undefined>(undefined);
  const latest = useRef({ onSelectBlock, inPlace, parts, selectedBlockId, alsoSelected });
  latest.current = { onSelectBlock, inPlace, parts, selectedBlockId, alsoSelected };
  const session = useRef<Session | undefined>(undefined);
  // Replacing the content takes the focus from the edited element; that is not the owner leaving.
  const patching = useRef(false);
  // Nor is going to the formatting toolbar or its link dialog: the text stays in editing, and the
  // selection it had is put back before a command runs.
  const holding = useRef(false);
  const heldRange = useRef<Range | undefined>(undefined);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const [format, setFormat] = useState<{ state: ToolbarState; anchor: ToolbarAnchor }>();
  const [link, setLink] = useState<{ draft: LinkDraft; isEditing: boolean }>();

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
        const at = editing ? selectionOffsets(doc, editing.element) : undefined;
        patching.current = true;
        container.innerHTML = parts.content;
        patching.current = false;
        shownRef.current = parts.content;
        if (editing) resume(doc, editing, at);
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
    markSelection(doc, selectedBlockId, alsoSelected);
    // `resume`, `listen` and `stopEditing` read everything else through refs.
  }, [parts, selectedBlockId, alsoSelected, inPlace?.isOwnEdit]);

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
    showFormatting();
    return true;
  }

  /**
   * After a patch the edited element is a new one: make it editable again, with the selection
   * where it was in the text (at its end when it was elsewhere).
   */
  function resume(doc: Document, editing: Session, at?: readonly [number, number]) {
    const block = doc.querySelector(`[data-block-id="${CSS.escape(editing.blockId)}"]`);
    const element = block ? editableElement(block, editing.target) : null;
    if (!element) return stopEditing(true);
    session.current = { ...editing, element };
    makeEditable(element, editing.target);
    element.focus();
    if (at) selectOffsets(doc, element, at);
    else caretToEnd(doc, element);
    showFormatting();
  }

  function stopEditing(announce: boolean) {
    const editing = session.current;
    if (!editing) return;
    session.current = undefined;
    holding.current = false;
    setFormat(undefined);
    setLink(undefined);
    editing.element.removeAttribute('contenteditable');
    editing.element.removeAttribute('data-ed-editing');
    editing.element.removeAttribute('role');
    editing.element.removeAttribute('aria-label');
    editing.element.removeAttribute('aria-multiline');
    // What was typed is shown as the templates render it (cleaned rich text, for one).
    const doc = frame.current?.contentDocument;
    const container = doc?.getElementById(CONTENT_ID);
    const { parts: current, selectedBlockId: selectedNow, alsoSelected: alsoNow } = latest.current;
    if (doc && container && current.content !== shownRef.current) {
      container.innerHTML = current.content;
      shownRef.current = current.content;
      markSelection(doc, selectedNow, alsoNow);
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
      // Shift+click adds a block to the selection: no editing, no text selection.
      if (event.shiftKey) return event.preventDefault();
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
      if (block) latest.current.onSelectBlock(block.getAttribute('data-block-id')!, event.shiftKey);
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
      showFormatting();
    });
    doc.addEventListener('selectionchange', () => showFormatting());
    doc.addEventListener('scroll', () => showFormatting(), { passive: true });
    // Pasted text arrives as text: formatting from elsewhere never reaches the page.
    doc.addEventListener('paste', (event) => {
      if (!session.current) return;
      event.preventDefault();
      doc.execCommand('insertText', false, event.clipboardData?.getData('text/plain') ?? '');
    });
    doc.addEventListener('keydown', (event) => {
      if (!session.current && selectNeighbour(doc, event)) return;
      const editor = latest.current.inPlace;
      if (!editor) return;
      if (editor.onShortcut(event)) return;
      const editing = session.current;
      if (editing && event.key === 'F10' && event.altKey && editing.target.kind === 'rich') {
        // The usual way to the formatting toolbar from the text, for the keyboard.
        event.preventDefault();
        holdSelection();
        toolbarRef.current?.querySelector<HTMLElement>('select, button:not([disabled])')?.focus();
        return;
      }
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
      if (editing && event.target === editing.element && !patching.current && !holding.current)
        stopEditing(true);
    });
  }

  /** The toolbar over rich text in editing, at the selection (or the caret), in window coordinates. */
  function showFormatting() {
    const editing = session.current;
    const iframe = frame.current;
    const doc = iframe?.contentDocument;
    if (!editing || editing.target.kind !== 'rich' || !iframe || !doc) return setFormat(undefined);
    const range = doc.getSelection()?.rangeCount ? doc.getSelection()!.getRangeAt(0) : undefined;
    const inText = range && editing.element.contains(range.commonAncestorContainer);
    let box = inText ? range.getBoundingClientRect() : undefined;
    if (!box || (box.width === 0 && box.height === 0)) box = editing.element.getBoundingClientRect();
    const outer = iframe.getBoundingClientRect();
    const scale = iframe.offsetWidth > 0 ? outer.width / iframe.offsetWidth : 1;
    setFormat({
      state: formattingAt(doc, editing.element),
      anchor: {
        top: outer.top + box.top * scale,
        bottom: outer.top + box.bottom * scale,
        left: outer.left + box.left * scale,
        right: outer.left + box.right * scale,
      },
    });
  }

  function holdSelection() {
    const selection = frame.current?.contentDocument?.getSelection();
    holding.current = true;
    heldRange.current = selection?.rangeCount ? selection.getRangeAt(0).cloneRange() : undefined;
  }

  /** Back into the text, with the selection it had when the toolbar took the focus. */
  function returnToText(): { doc: Document; element: HTMLElement } | undefined {
    const editing = session.current;
    const doc = frame.current?.contentDocument;
    if (!editing || !doc) return undefined;
    editing.element.focus();
    const range = heldRange.current;
    if (range && editing.element.contains(range.commonAncestorContainer)) {
      const selection = doc.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
    }
    holding.current = false;
    heldRange.current = undefined;
    return { doc, element: editing.element };
  }

  function onFormat(command: ToolbarCommand) {
    if (command.kind === 'link') {
      const doc = frame.current?.contentDocument;
      const editing = session.current;
      if (!doc || !editing) return;
      holdSelection();
      const current = linkAt(doc, editing.element);
      setLink(
        current
          ? { draft: parseLinkHref(current.href, current.newWindow), isEditing: true }
          : {
              draft: emptyLinkDraft(latest.current.inPlace?.linkTargets.pages.length ? 'page' : 'url'),
              isEditing: false,
            },
      );
      return;
    }
    const text = returnToText();
    if (!text) return;
    applyFormatting(text.doc, command);
    showFormatting();
  }

  /** The link dialog closed: put the text back in editing and apply what was chosen. */
  function closeLink(apply?: (doc: Document, element: HTMLElement) => void) {
    setLink(undefined);
    const text = returnToText();
    if (!text || !apply) return;
    apply(text.doc, text.element);
    // Setting the window target writes no input of its own: the value is read once more.
    text.element.dispatchEvent(new Event('input', { bubbles: true }));
  }

  /** Arrow keys walk the selection through the page's blocks in reading order. */
  function selectNeighbour(doc: Document, event: KeyboardEvent): boolean {
    const step = NEXT_KEYS.has(event.key) ? 1 : PREVIOUS_KEYS.has(event.key) ? -1 : 0;
    if (!step || event.altKey || event.ctrlKey || event.metaKey) return false;
    const ids = [...doc.querySelectorAll('[data-block-id]')].map((el) => el.getAttribute('data-block-id')!);
    // Shift walks on from the far end of the selection, adding each block it reaches.
    const { selectedBlockId: primary, alsoSelected: also = [] } = latest.current;
    const from = event.shiftKey && also.length ? also[also.length - 1]! : (primary ?? '');
    const at = ids.indexOf(from);
    const next = ids[at < 0 ? 0 : Math.min(ids.length - 1, Math.max(0, at + step))];
    if (!next) return false;
    event.preventDefault();
    if (next !== from) latest.current.onSelectBlock(next, event.shiftKey);
    return true;
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
      {format && inPlace && (
        <div
          ref={toolbarRef}
          onPointerDownCapture={() => {
            if (!holding.current) holdSelection();
          }}
          onFocusCapture={() => {
            if (!holding.current) holdSelection();
          }}
          onBlurCapture={(event) => {
            // Leaving the toolbar for anywhere but the text or its link dialog ends the editing.
            const to = event.relatedTarget as Node | null;
            if (link || to === frame.current || (to && toolbarRef.current?.contains(to))) return;
            holding.current = false;
            stopEditing(true);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || link) return;
            event.preventDefault();
            returnToText();
          }}
        >
          <FloatingToolbar
            state={format.state}
            anchor={format.anchor}
            viewportWidth={document.documentElement.clientWidth}
            onCommand={onFormat}
          >
            {link && (
              <LinkEditorDialog
                isOpen
                initial={link.draft}
                isEditing={link.isEditing}
                pages={inPlace.linkTargets.pages}
                files={inPlace.linkTargets.files}
                onCancel={() => closeLink()}
                onRemove={() => closeLink(removeLink)}
                onSave={(draft) =>
                  closeLink((doc, element) =>
                    applyLink(doc, element, {
                      href: linkHref(draft),
                      newWindow: draft.newWindow,
                      name: draft.name,
                    }),
                  )
                }
              />
            )}
          </FloatingToolbar>
        </div>
      )}
    </div>
  );
}

function markSelection(doc: Document, selectedBlockId: string | undefined, also: readonly string[] = []) {
  doc.querySelectorAll('[data-ed-selected]').forEach((el) => el.removeAttribute('data-ed-selected'));
  for (const id of selectedBlockId ? [selectedBlockId, ...also] : [])
    doc.querySelector(`[data-block-id="${CSS.escape(id)}"]`)?.setAttribute('data-ed-selected', '');
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

/** Where the selection starts and ends in the element's text, when it is inside the element. */
function selectionOffsets(doc: Document, element: HTMLElement): [number, number] | undefined {
  const selection = doc.getSelection();
  if (!selection?.rangeCount) return undefined;
  const range = selection.getRangeAt(0);
  if (!element.contains(range.startContainer) || !element.contains(range.endContainer)) return undefined;
  const before = doc.createRange();
  before.selectNodeContents(element);
  before.setEnd(range.startContainer, range.startOffset);
  const start = before.toString().length;
  return [start, start + range.toString().length];
}

/** Selects the same stretch of text again, by character offsets (cut to the text there is). */
function selectOffsets(doc: Document, element: HTMLElement, [start, end]: readonly [number, number]) {
  const walker = doc.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const range = doc.createRange();
  range.selectNodeContents(element);
  range.collapse(false);
  let seen = 0;
  let startSet = false;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const length = node.textContent?.length ?? 0;
    if (!startSet && start <= seen + length) {
      range.setStart(node, start - seen);
      startSet = true;
    }
    if (startSet && end <= seen + length) {
      range.setEnd(node, end - seen);
      break;
    }
    seen += length;
  }
  const selection = doc.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}
