import {
  BLOG_API,
  COMMENTS_LIST_PAGE_SIZE,
  EDITOR_API,
  type CommentList,
  type CommentStatus,
  type CommentView,
} from '@site/page-content';
import { afterEach, describe, expect, it } from 'vitest';
import { button, click, eventually, me, mount, stubServer, unmount, type Call } from '../test/dom';
import { CommentsScreen } from './CommentsScreen';

afterEach(unmount);

const comment = (n: number): CommentView => ({
  id: `c-${String(n).padStart(3, '0')}`,
  postId: 'p1',
  postTitle: 'Paper that takes ink',
  authorName: `Reader ${n}`,
  body: `Comment number ${n}`,
  status: 'pending',
  createdAt: new Date(Date.UTC(2026, 5, 1, 0, 0, n)).toISOString(),
});

/** The comments API over a mutable store: keyset pages of 50, newest first; the first page counts the tabs. */
function commentsServer(held: CommentView[]) {
  const store = [...held];
  const calls = stubServer((call: Call) => {
    if (call.url === EDITOR_API.me) return me();
    if (call.url === BLOG_API.commentSettings) return { status: 200, body: { commentsEnabled: true } };
    if (call.url.startsWith(`${BLOG_API.comments}?`)) {
      const query = new URLSearchParams(call.url.split('?')[1]);
      const status = (query.get('status') ?? 'pending') as CommentStatus;
      const cursor = query.get('cursor');
      const list = store.filter((c) => c.status === status).sort((a, b) => (a.id < b.id ? 1 : -1));
      const start = cursor ? list.findIndex((c) => c.id < cursor) : 0;
      const rest = start < 0 ? [] : list.slice(start);
      const page = rest.slice(0, COMMENTS_LIST_PAGE_SIZE);
      const body: CommentList = {
        comments: page,
        counts: cursor
          ? null
          : {
              pending: store.filter((c) => c.status === 'pending').length,
              approved: store.filter((c) => c.status === 'approved').length,
              spam: store.filter((c) => c.status === 'spam').length,
            },
        nextCursor: rest.length > page.length ? page.at(-1)!.id : null,
      };
      return { status: 200, body };
    }
    const approve = /^\/api\/editor\/blog\/comments\/([^/]+)\/approve$/.exec(call.url);
    if (call.method === 'POST' && approve) {
      const found = store.find((c) => c.id === decodeURIComponent(approve[1]!))!;
      found.status = 'approved';
      return { status: 200, body: found };
    }
    return undefined;
  });
  return { calls, store };
}

const shownBodies = (host: HTMLElement) =>
  [...host.querySelectorAll('.ed-comment__body')].map((el) => el.textContent);

describe('the Comments screen', () => {
  it('shows the newest 50 held comments, and the older ones after Show more comments', async () => {
    const { calls } = commentsServer(Array.from({ length: 60 }, (_, i) => comment(i + 1)));
    const host = await mount(<CommentsScreen />);
    await eventually(() => expect(shownBodies(host)).toHaveLength(50));
    expect(shownBodies(host)[0]).toBe('Comment number 60');
    expect(host.textContent).toContain('Held for moderation (60)');
    await click(button(host, 'Show more comments')!);
    await eventually(() => expect(shownBodies(host)).toHaveLength(60));
    expect(shownBodies(host).at(-1)).toBe('Comment number 1');
    expect(new Set(shownBodies(host)).size).toBe(60);
    expect(button(host, 'Show more comments')).toBeFalsy();
    expect(calls.some((c) => c.url.includes('cursor=c-011'))).toBe(true);
  });

  it('approving a comment from the second page takes it off the list and moves the counts', async () => {
    commentsServer(Array.from({ length: 60 }, (_, i) => comment(i + 1)));
    const host = await mount(<CommentsScreen />);
    await eventually(() => expect(button(host, 'Show more comments')).toBeTruthy());
    await click(button(host, 'Show more comments')!);
    await eventually(() => expect(shownBodies(host)).toHaveLength(60));
    await click(host.querySelector<HTMLElement>('button[aria-label="Approve: comment by Reader 3"]')!);
    await eventually(() => expect(shownBodies(host)).toHaveLength(59));
    expect(shownBodies(host)).not.toContain('Comment number 3');
    expect(host.textContent).toContain('Held for moderation (59)');
    expect(host.textContent).toContain('Approved (1)');
  });

  it('shows no Show more button when one page holds them all', async () => {
    commentsServer([comment(1), comment(2)]);
    const host = await mount(<CommentsScreen />);
    await eventually(() => expect(shownBodies(host)).toHaveLength(2));
    expect(button(host, 'Show more comments')).toBeFalsy();
  });
});
