import { createBlock, LIMITS, renderDocument } from '@site/page-content';
import { describe, expect, it } from 'vitest';
import { editableElement, inPlaceTarget, settingsWithValue, valueFromElement } from './in-place';

const data = { products: new Map(), collections: new Map(), forms: new Map() };
const options = { locale: 'en-US', timeZone: 'UTC' };

/** A block rendered by the real templates, in a document as the preview frame holds it. */
function rendered(type: string, settings: Record<string, unknown> = {}) {
  const block = createBlock(type);
  block.settings = { ...block.settings, ...settings };
  const { html, errors } = renderDocument(
    { sections: [{ id: 's', background: 'default', width: 'wide', blocks: [block] }] },
    data,
    options,
  );
  expect(errors).toEqual([]);
  const host = document.createElement('div');
  host.innerHTML = html;
  return { block, element: host.querySelector(`[data-block-id="${block.id}"]`)! };
}

describe('in-place targets', () => {
  it.each([
    ['heading', {}, 'A heading'],
    ['heading', { level: 1 }, 'A heading'],
    ['heading', { level: 4 }, 'A heading'],
    ['button', {}, 'Learn more'],
    ['image', { caption: 'Our bench' }, 'Our bench'],
    ['text', {}, 'Write something your visitors will enjoy reading.'],
  ])("finds the %s block's text where its template puts it (%o)", (type, settings, text) => {
    const { element } = rendered(type, settings);
    const target = inPlaceTarget(type)!;
    expect(editableElement(element, target)?.textContent).toBe(text);
  });

  it('offers nothing for blocks whose text is not typed on the page', () => {
    for (const type of ['spacer', 'line', 'code', 'product', 'form'])
      expect(inPlaceTarget(type)).toBeUndefined();
  });

  it('has no caption to click while an image has none', () => {
    const { element } = rendered('image', { caption: '' });
    expect(editableElement(element, inPlaceTarget('image')!)).toBeNull();
  });
});

describe('the value typed in place', () => {
  const el = (html: string) => {
    const element = document.createElement('div');
    element.innerHTML = html;
    return element;
  };

  it('keeps plain text to one line within the inspector limit', () => {
    const heading = inPlaceTarget('heading')!;
    expect(valueFromElement(el('Our <b>new</b>\nworkshop'), heading, 'heading')).toBe('Our new workshop');
    const long = 'x'.repeat(LIMITS.maxShortText + 20);
    expect(valueFromElement(el(long), heading, 'heading')).toHaveLength(LIMITS.maxShortText);
    expect(valueFromElement(el('y'.repeat(140)), inPlaceTarget('button')!, 'button')).toHaveLength(100);
  });

  it("cleans rich text with the inspector's sanitiser and keeps the browser's own formatting", () => {
    const text = inPlaceTarget('text')!;
    expect(
      valueFromElement(
        el(
          '<p>Hand <b>tools</b> and <i>paper</i></p><div>Second<script>alert(1)</script></div><span style="color:red">x</span>',
        ),
        text,
        'text',
      ),
    ).toBe('<p>Hand <strong>tools</strong> and <em>paper</em></p><p>Second</p>x');
    expect(
      valueFromElement(
        el('<p><a href="javascript:alert(1)" onclick="x()">link</a><img src=x onerror=y></p>'),
        text,
        'text',
      ),
    ).not.toMatch(/javascript|onclick|onerror|<img/);
  });

  it('changes only the typed setting, and nothing when the value is the same', () => {
    const block = createBlock('heading');
    const target = inPlaceTarget('heading')!;
    expect(settingsWithValue(block, target, 'A heading')).toBeUndefined();
    expect(settingsWithValue(block, target, 'Our workshop')).toEqual({
      ...block.settings,
      text: 'Our workshop',
    });
  });
});
