import { act, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { mount, unmount } from '../test/dom';
import type { InPlaceTarget } from './in-place';
import { PreviewFrame, type InPlaceEditing } from './PreviewFrame';
import { CONTENT_ID, type PreviewParts } from './render-preview';

const shell = `<html><body><header>Site</header><div id="${CONTENT_ID}" style="display:contents">\u0000</div></body></html>`;
const parts = (heading: string): PreviewParts => ({
  shell,
  content: `<div class="block block--heading" data-block-id="h1"><h2 class="align-left">${heading}</h2></div><div class="block block--spacer" data-block-id="sp"><div class="spacer-block"></div></div>`,
  errors: [],
});

interface Seen {
  inputs: string[];
  editing: (string | undefined)[];
}

/** The frame as the page editor drives it: parts and `isOwnEdit` change from outside. */
async function mountFrame(canEdit: boolean) {
  const seen: Seen = { inputs: [], editing: [] };
  let show: (next: { parts: PreviewParts; own: boolean }) => void = () => {};
  function Harness() {
    const [state, setState] = useState({ parts: parts('A heading'), own: false });
    show = setState;
    const inPlace: InPlaceEditing = {
      blockType: (id) => ({ h1: 'heading', sp: 'spacer' })[id],
      onInput: (_id, _target: InPlaceTarget, value) => seen.inputs.push(value),
      onShortcut: () => false,
      onEditingChange: (editing) => seen.editing.push(editing?.blockId),
      isOwnEdit: state.own,
      linkTargets: { pages: [], files: [] },
    };
    return (
      <PreviewFrame
        parts={state.parts}
        device="desktop"
        onSelectBlock={() => {}}
        title="Preview"
        inPlace={canEdit ? inPlace : undefined}
      />
    );
  }
  const host = await mount(<Harness />);
  const doc = host.querySelector('iframe')!.contentDocument!;
  const rerender = (next: { parts: PreviewParts; own: boolean }) => act(async () => show(next));
  return { doc, seen, rerender };
}

const press = (doc: Document, key: string) =>
  act(async () => {
    doc.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  });
const mousedown = (el: Element) =>
  act(async () => {
    el.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });

afterEach(unmount);

describe('typing in the preview', () => {
  it('makes the clicked heading a labelled text box and sends each keystroke', async () => {
    const { doc, seen } = await mountFrame(true);
    const h2 = doc.querySelector('h2')!;
    await mousedown(h2);
    expect(h2.getAttribute('contenteditable')).toBe('plaintext-only');
    expect(h2.getAttribute('role')).toBe('textbox');
    expect(h2.getAttribute('aria-label')).toBe('Heading');
    expect(seen.editing).toEqual(['h1']);
    h2.textContent = 'Our workshop';
    await act(async () => {
      h2.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(seen.inputs).toEqual(['Our workshop']);
  });

  it('leaves the element under the caret alone for its own typing, and patches for anything else', async () => {
    const { doc, rerender } = await mountFrame(true);
    const h2 = doc.querySelector('h2')!;
    await mousedown(h2);
    h2.textContent = 'Our workshop';
    await rerender({ parts: parts('Our workshop'), own: true });
    expect(doc.querySelector('h2')).toBe(h2);
    // An undo: the document is no longer the typed one; the block is rendered again and stays editable.
    await rerender({ parts: parts('A heading'), own: false });
    const again = doc.querySelector('h2')!;
    expect(again).not.toBe(h2);
    expect(again.textContent).toBe('A heading');
    expect(again.getAttribute('contenteditable')).toBe('plaintext-only');
  });

  it('Escape leaves and shows the page as rendered', async () => {
    const { doc, seen, rerender } = await mountFrame(true);
    const h2 = doc.querySelector('h2')!;
    await mousedown(h2);
    // What the browser holds while typing can differ from what the templates make of it.
    h2.innerHTML = 'Our <span>workshop</span>';
    await rerender({ parts: parts('Our workshop'), own: true });
    await press(doc, 'Escape');
    expect(doc.querySelector('h2')!.innerHTML).toBe('Our workshop');
    expect(doc.querySelector('[contenteditable]')).toBeNull();
    expect(seen.editing).toEqual(['h1', undefined]);
  });

  it('offers nothing to type into for a block without text, or to a member who may only look', async () => {
    const editor = await mountFrame(true);
    await mousedown(editor.doc.querySelector('.spacer-block')!);
    expect(editor.doc.querySelector('[contenteditable]')).toBeNull();
    await unmount();
    const viewer = await mountFrame(false);
    await mousedown(viewer.doc.querySelector('h2')!);
    expect(viewer.doc.querySelector('[contenteditable]')).toBeNull();
    expect(viewer.seen.editing).toEqual([]);
  });
});
