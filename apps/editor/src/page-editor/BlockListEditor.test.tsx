import { createBlock, type PageDocument } from '@site/page-content';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { button, click, mount, unmount } from '../test/dom';
import { BlockListEditor, type BlockListEditorProps } from './BlockListEditor';

afterEach(unmount);

const docOf = (...types: string[]): PageDocument => ({
  sections: [{ id: 's', background: 'default', width: 'wide', blocks: types.map((t) => createBlock(t)) }],
});

/** The editor over state of its own, as a screen holds it; `seen` is the latest document. */
function Harness(props: Omit<BlockListEditorProps, 'doc' | 'onChange'> & { start: PageDocument }) {
  const [doc, setDoc] = useState(props.start);
  seen = doc;
  return <BlockListEditor {...props} doc={doc} onChange={(change) => setDoc(change)} />;
}
let seen: PageDocument | undefined;
const types = () => seen!.sections.flatMap((s) => s.blocks.map((b) => b.type));
const rows = (host: HTMLElement) =>
  [...host.querySelectorAll('.ed-page-row__title')].map((b) => b.textContent);

describe('block list editor (footer, website components)', () => {
  it('says what to add when empty, adds a picked block at the end and opens it in the inspector', async () => {
    const host = await mount(
      <Harness start={docOf()} isReadOnly={false} addLabel="Add footer block" emptyText="No blocks yet." />,
    );
    expect(host.textContent).toContain('No blocks yet.');
    await click(button(host, 'Add footer block')!);
    await click(button(host, /^Button/)!);
    expect(types()).toEqual(['button']);
    expect(host.textContent).not.toContain('No blocks yet.');
    const opened = host.querySelector('.ed-page-row__title[aria-pressed="true"]');
    expect(opened?.textContent).toBe('Button');
    expect(host.querySelector('.ed-card--inset')).not.toBeNull();
  });

  it('removes blocks down to the smallest count it keeps, and no further', async () => {
    const host = await mount(
      <Harness start={docOf('text', 'button')} isReadOnly={false} addLabel="Add block" minBlocks={1} />,
    );
    expect(rows(host)).toHaveLength(2);
    await click(host.querySelector<HTMLButtonElement>('[aria-label="Remove Button"]')!);
    expect(types()).toEqual(['text']);
    expect(host.querySelector('[aria-label^="Remove"]')).toBeNull();
  });

  it('offers no add or remove to someone who may only look', async () => {
    const host = await mount(<Harness start={docOf('text')} isReadOnly addLabel="Add block" />);
    expect(rows(host)).toHaveLength(1);
    expect(button(host, 'Add block')).toBeUndefined();
    expect(host.querySelector('[aria-label^="Remove"]')).toBeNull();
  });
});
