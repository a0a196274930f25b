import { BLOG_API, type BlogPostView, type PageSummary } from '@site/page-content';
import { afterEach, describe, expect, it } from 'vitest';
import { button, click, eventually, field, me, mount, stubServer, type, unmount } from '../test/dom';
import { PostEditor } from './PostEditor';

afterEach(unmount);

const page = { id: 'blog', title: 'Journal', path: '/journal', kind: 'collection' } as PageSummary;

/** A post as the server keeps it (a new one as "Add post" makes it unless told otherwise). */
const postOf = (change: Partial<BlogPostView> = {}): BlogPostView => ({
  id: 'p1',
  collectionId: page.id,
  urlId: 'untitled-post',
  title: 'Untitled post',
  body: '',
  excerpt: '',
  author: '',
  tags: [],
  categories: [],
  status: 'draft',
  publishOn: null,
  commentState: 0,
  featuredImage: null,
  seo: { title: '', description: '', socialImage: '', noindex: false },
  likeCount: 0,
  version: 1,
  updatedAt: '2026-01-01T00:00:00Z',
  ...change,
});

/** The post's one address on the server: GET reads it, PATCH saves over it. */
function server(post: BlogPostView) {
  let stored = post;
  stubServer(({ method, url, body }) => {
    if (url === '/api/editor/me') return me();
    if (url !== BLOG_API.post(post.id)) return undefined;
    if (method === 'PATCH') stored = { ...stored, ...(body as object), version: stored.version + 1 };
    return { status: 200, body: stored };
  });
  return () => stored;
}

async function open(post: BlogPostView) {
  const stored = server(post);
  const host = await mount(<PostEditor page={page} postId={post.id} />);
  await eventually(() => expect(field(host, 'Title').value).toBe(post.title));
  return { host, stored };
}

describe('a post’s URL slug and its title', () => {
  it('follows the title of a new post as it is typed, and saves both', async () => {
    const { host, stored } = await open(postOf());
    await type(field(host, 'Title'), 'Spring sale');
    expect(field(host, 'URL slug').value).toBe('spring-sale');
    await type(field(host, 'Title'), 'Spring sale: 20% off');
    expect(field(host, 'URL slug').value).toBe('spring-sale-20-off');
    await click(button(host, 'Save')!);
    await eventually(() =>
      expect(stored()).toMatchObject({ title: 'Spring sale: 20% off', urlId: 'spring-sale-20-off' }),
    );
  });

  it('follows a new post whose address got a number to be unique', async () => {
    const { host } = await open(postOf({ urlId: 'untitled-post-2' }));
    await type(field(host, 'Title'), 'Opening hours');
    expect(field(host, 'URL slug').value).toBe('opening-hours');
  });

  it('stops following once the owner types an address of their own', async () => {
    const { host, stored } = await open(postOf());
    await type(field(host, 'Title'), 'Spring sale');
    await type(field(host, 'URL slug'), 'sale');
    await type(field(host, 'Title'), 'Summer sale');
    expect(field(host, 'URL slug').value).toBe('sale');
    await click(button(host, 'Save')!);
    await eventually(() => expect(stored()).toMatchObject({ title: 'Summer sale', urlId: 'sale' }));
    // "Use the title" still takes the title's address on request, and following starts again.
    await click(button(host, 'Use the title')!);
    expect(field(host, 'URL slug').value).toBe('summer-sale');
    await type(field(host, 'Title'), 'Autumn sale');
    expect(field(host, 'URL slug').value).toBe('autumn-sale');
  });

  it('keeps a draft’s own address, opened again, when its title changes', async () => {
    const { host } = await open(postOf({ title: 'Spring sale', urlId: 'sale' }));
    await type(field(host, 'Title'), 'Summer sale');
    expect(field(host, 'URL slug').value).toBe('sale');
  });

  it.each(['published', 'scheduled'] as const)(
    'keeps a %s post’s address when its title changes (links to it would break)',
    async (status) => {
      const { host } = await open(
        postOf({ status, title: 'Spring sale', urlId: 'spring-sale', publishOn: '2026-01-01T00:00:00Z' }),
      );
      await type(field(host, 'Title'), 'Summer sale');
      expect(field(host, 'URL slug').value).toBe('spring-sale');
    },
  );

  it('stops following when a new post is published from the editor', async () => {
    const { host, stored } = await open(postOf());
    await type(field(host, 'Title'), 'Spring sale');
    await click(button(host, 'Publish')!);
    await eventually(() => expect(stored()).toMatchObject({ status: 'published', urlId: 'spring-sale' }));
    await type(field(host, 'Title'), 'Summer sale');
    expect(field(host, 'URL slug').value).toBe('spring-sale');
  });
});
