import { COLLECTIONS_API, type FeaturedImage, type FileView, type PageSummary } from '@site/page-content';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { button, click, eventually, field, me, mount, stubServer, type, unmount } from '../test/dom';
import { GalleryEditor } from './GalleryEditor';
import { FeaturedImageField } from './ItemFields';

// The file manager is its own screen; here picking hands back a camera's file with no alt text of its own.
const picked = {
  id: 'f1',
  name: 'IMG_2041.jpg',
  assetUrl: '/files/f1/v1/IMG_2041.jpg',
  altText: '',
} as FileView;
vi.mock('../page-editor/ChooseImage', () => ({
  ChooseImage: ({
    label = 'Choose image',
    onChoose,
  }: {
    label?: string;
    onChoose: (f: FileView) => void;
  }) => (
    <button type="button" onClick={() => onChoose(picked)}>
      {label}
    </button>
  ),
}));

afterEach(unmount);

const PROMPT = 'Describe the image';
const HINT = 'Say what the picture shows, for people who cannot see it.';

function Featured({ initial }: { initial: FeaturedImage | null }) {
  const [image, setImage] = useState(initial);
  return <FeaturedImageField value={image} onChange={setImage} isReadOnly={false} />;
}

describe('alt text of a chosen picture', () => {
  it('starts empty with a prompt for a featured image, not the file’s name', async () => {
    stubServer(() => undefined);
    const host = await mount(<Featured initial={null} />);
    await click(button(host, 'Choose image')!);
    const alt = field(host, 'Alt text');
    expect(alt.value).toBe('');
    expect(alt.placeholder).toBe(PROMPT);
    expect(host.textContent).toContain(HINT);
    expect(
      host.querySelector(`#${CSS.escape(alt.getAttribute('aria-describedby') ?? '')}`)?.textContent,
    ).toContain(HINT);
  });

  it('keeps what the owner wrote when the picture is replaced', async () => {
    stubServer(() => undefined);
    const host = await mount(<Featured initial={{ src: '/files/old.jpg', alt: 'Our shop front' }} />);
    await type(field(host, 'Alt text'), 'Our shop front at dusk');
    await click(button(host, 'Choose image')!);
    expect(field(host, 'Alt text').value).toBe('Our shop front at dusk');
    expect(host.querySelector('img')?.getAttribute('src')).toBe(picked.assetUrl);
  });

  it('adds a gallery picture with empty alt text and asks for it on its tile', async () => {
    const page = { id: 'g', title: 'Gallery', path: '/gallery', kind: 'collection' } as PageSummary;
    const items: unknown[] = [];
    const calls = stubServer(({ method, url, body }) => {
      if (url === '/api/editor/me') return me();
      if (method === 'POST' && url === COLLECTIONS_API.items) {
        const added = { id: 'i1', urlId: 'i1', position: 0, version: 0, updatedAt: '', ...(body as object) };
        items.push(added);
        return { status: 201, body: added };
      }
      if (url.startsWith(COLLECTIONS_API.items))
        return { status: 200, body: { collectionType: 'gallery', items } };
      return undefined;
    });
    const host = await mount(<GalleryEditor page={page} />);
    await eventually(() => expect(button(host, 'Add picture')).toBeDefined());
    await click(button(host, 'Add picture')!);
    await eventually(() => expect(host.querySelector('.ed-gallery-tile')).not.toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      data: { src: picked.assetUrl, alt: '' },
    });
    const alt = field(host, 'Alt text');
    expect(alt.value).toBe('');
    expect(alt.placeholder).toBe(PROMPT);
    expect(host.textContent).toContain(HINT);
  });
});
