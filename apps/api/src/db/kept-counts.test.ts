import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import { listForms } from '../forms/form-editor-store';
import { listMailingLists, listSubscribers } from '../mailing-lists/list-store';
import { listComments } from '../blog/blog-store';
import type { DatabaseHandle } from './client';
import {
  blogComments,
  blogPosts,
  formSubmissions,
  forms,
  mailingLists,
  mailingListSubscribers,
  pages,
  websites,
} from './schema';

/**
 * Migrations 0053, 0072 and 0076: the editor's mailing lists, subscriber lists, forms lists and
 * comment moderation tabs read counts that triggers keep in the writing transaction. They must equal a fresh count after any mix of writes, and concurrent
 * writers must not lose one.
 */
const targets = await databaseTargets();
const SITE = 'counts';
const LISTS = ['list-a', 'list-b'] as const;
const STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;

describe.each(targets)('kept subscriber and submission counts on $name', (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await target.open();
    await handle.db.insert(websites).values({ id: SITE, title: 'Counts' });
    // Migrating a fresh PGlite takes over a minute on a loaded 2-core machine.
  }, 180_000);
  afterAll(() => handle?.close());

  const resetLists = async () => {
    await handle.db.delete(mailingLists).where(eq(mailingLists.websiteId, SITE));
    await handle.db.insert(mailingLists).values(LISTS.map((id) => ({ id, websiteId: SITE, name: id })));
  };
  const shown = async () =>
    Object.fromEntries((await listMailingLists(handle.db, SITE)).map((l) => [l.id, l.subscriberCount]));
  /** Each list's heading on its subscriber page: every subscriber, whatever the status. */
  const headings = async () =>
    Object.fromEntries(
      await Promise.all(
        LISTS.map(async (id) => [id, (await listSubscribers(handle.db, SITE, id, {})).total] as const),
      ),
    );
  const recounted = async (status?: (typeof STATUSES)[number]) => {
    const rows = await handle.db
      .select({ listId: mailingListSubscribers.listId, n: sql<number>`count(*)::int` })
      .from(mailingListSubscribers)
      .where(status && eq(mailingListSubscribers.status, status))
      .groupBy(mailingListSubscribers.listId);
    return Object.fromEntries(LISTS.map((id) => [id, rows.find((r) => r.listId === id)?.n ?? 0]));
  };
  const subscriber = (id: string, listId: string, status: (typeof STATUSES)[number]) => ({
    id,
    listId,
    email: `${id}@example.com`,
    status,
    source: 'popup' as const,
    consentedAt: new Date(),
    unsubscribeTokenHash: `tok-${id}`,
  });

  it('counts confirmed subscribers only, through confirming, unsubscribing, moving and deleting', async () => {
    await resetLists();
    const db = handle.db;
    const s = mailingListSubscribers;
    await db
      .insert(s)
      .values([subscriber('p1', 'list-a', 'pending'), subscriber('c1', 'list-a', 'confirmed')]);
    expect(await shown()).toEqual({ 'list-a': 1, 'list-b': 0 });
    expect(await headings()).toEqual({ 'list-a': 2, 'list-b': 0 });
    await db.update(s).set({ status: 'confirmed' }).where(eq(s.id, 'p1'));
    expect(await shown()).toEqual({ 'list-a': 2, 'list-b': 0 });
    expect(await headings()).toEqual({ 'list-a': 2, 'list-b': 0 });
    // A write that leaves status and list alone (a new token) changes no count.
    await db.update(s).set({ confirmTokenHash: 'fresh' }).where(eq(s.id, 'p1'));
    await db.update(s).set({ listId: 'list-b' }).where(eq(s.id, 'c1'));
    expect(await shown()).toEqual({ 'list-a': 1, 'list-b': 1 });
    expect(await headings()).toEqual({ 'list-a': 1, 'list-b': 1 });
    await db.update(s).set({ status: 'unsubscribed' }).where(eq(s.id, 'p1'));
    await db.delete(s).where(eq(s.id, 'c1'));
    expect(await shown()).toEqual({ 'list-a': 0, 'list-b': 0 });
    expect(await headings()).toEqual({ 'list-a': 1, 'list-b': 0 });
    // Deleting a list with confirmed subscribers takes its count with it and leaves the other.
    await db
      .insert(s)
      .values([subscriber('c2', 'list-a', 'confirmed'), subscriber('c3', 'list-b', 'confirmed')]);
    await db.delete(mailingLists).where(eq(mailingLists.id, 'list-a'));
    expect(await shown()).toEqual({ 'list-b': 1 });
  });

  it('equals a fresh count after any sequence of adds, status changes, moves and deletes', async () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('add' as const),
        list: fc.constantFrom(...LISTS),
        status: fc.constantFrom(...STATUSES),
      }),
      fc.record({ kind: fc.constant('status' as const), at: fc.nat(), status: fc.constantFrom(...STATUSES) }),
      fc.record({ kind: fc.constant('move' as const), at: fc.nat(), list: fc.constantFrom(...LISTS) }),
      fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 12 }), async (ops) => {
        await resetLists();
        const ids: string[] = [];
        for (const [n, o] of ops.entries()) {
          const s = mailingListSubscribers;
          const id = ids[('at' in o ? o.at : 0) % Math.max(ids.length, 1)];
          if (o.kind === 'add') {
            ids.push(`s${n}`);
            await handle.db.insert(s).values(subscriber(`s${n}`, o.list, o.status));
          } else if (id && o.kind === 'status')
            await handle.db.update(s).set({ status: o.status }).where(eq(s.id, id));
          else if (id && o.kind === 'move')
            await handle.db.update(s).set({ listId: o.list }).where(eq(s.id, id));
          else if (id && o.kind === 'delete') {
            await handle.db.delete(s).where(eq(s.id, id));
            ids.splice(ids.indexOf(id), 1);
          }
        }
        expect(await shown()).toEqual(await recounted('confirmed'));
        expect(await headings()).toEqual(await recounted());
      }),
      { numRuns: 15 },
    );
  }, 60_000);

  it('loses no count when many sign-ups and submissions commit at once', async () => {
    await resetLists();
    await handle.db
      .insert(forms)
      .values({ id: 'form-a', websiteId: SITE, name: 'Contact', model: { fields: [] } });
    const writers = 60;
    await Promise.all(
      Array.from({ length: writers }, (_, i) =>
        handle.db.transaction(async (tx) => {
          await tx.insert(mailingListSubscribers).values(subscriber(`many-${i}`, 'list-a', 'confirmed'));
          await tx
            .insert(formSubmissions)
            .values({ id: `sub-${i}`, websiteId: SITE, formId: 'form-a', values: {} });
        }),
      ),
    );
    expect(await shown()).toEqual({ 'list-a': writers, 'list-b': 0 });
    expect(await headings()).toEqual({ 'list-a': writers, 'list-b': 0 });
    const [form] = await listForms(handle.db, SITE);
    expect(form).toMatchObject({ id: 'form-a', submissionCount: writers });
    // And a rolled-back submission counts for nothing.
    await expect(
      handle.db.transaction(async (tx) => {
        await tx
          .insert(formSubmissions)
          .values({ id: 'gone', websiteId: SITE, formId: 'form-a', values: {} });
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    await handle.db.delete(formSubmissions).where(eq(formSubmissions.id, 'sub-0'));
    expect((await listForms(handle.db, SITE))[0]).toMatchObject({ submissionCount: writers - 1 });
    // A form deleted with its submissions leaves nothing behind to fail on.
    await handle.db.delete(forms).where(eq(forms.id, 'form-a'));
    expect(await listForms(handle.db, SITE)).toEqual([]);
  }, 60_000);

  describe('the comment moderation tabs', () => {
    const COMMENT_STATUSES = ['pending', 'approved', 'spam'] as const;
    const tabs = async () => (await listComments(handle.db, SITE, { status: 'pending' })).counts;
    const recountedComments = async () => {
      const rows = await handle.db
        .select({ status: blogComments.status, n: sql<number>`count(*)::int` })
        .from(blogComments)
        .where(eq(blogComments.websiteId, SITE))
        .groupBy(blogComments.status);
      return Object.fromEntries(COMMENT_STATUSES.map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0]));
    };
    const comment = (id: string, status: (typeof COMMENT_STATUSES)[number]) => ({
      id,
      websiteId: SITE,
      postId: 'post-a',
      authorName: 'Reader',
      body: 'Lovely',
      status,
    });
    beforeAll(async () => {
      await handle.db.insert(pages).values({
        id: 'journal',
        websiteId: SITE,
        path: '/journal',
        title: 'Journal',
        pageType: 1,
        collectionType: 'blog',
        templateName: 'blog-list',
        kind: 'collection',
      });
      await handle.db
        .insert(blogPosts)
        .values({ id: 'post-a', websiteId: SITE, collectionId: 'journal', urlId: 'a', title: 'A' });
    });

    it('equal a fresh count after any sequence of comments, moderation and deletes', async () => {
      const op = fc.oneof(
        fc.record({ kind: fc.constant('add' as const), status: fc.constantFrom(...COMMENT_STATUSES) }),
        fc.record({
          kind: fc.constant('moderate' as const),
          at: fc.nat(),
          status: fc.constantFrom(...COMMENT_STATUSES),
        }),
        fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(op, { maxLength: 12 }), async (ops) => {
          await handle.db.delete(blogComments).where(eq(blogComments.websiteId, SITE));
          const ids: string[] = [];
          for (const [n, o] of ops.entries()) {
            const id = ids[('at' in o ? o.at : 0) % Math.max(ids.length, 1)];
            if (o.kind === 'add') {
              ids.push(`c${n}`);
              await handle.db.insert(blogComments).values(comment(`c${n}`, o.status));
            } else if (id && o.kind === 'moderate')
              await handle.db.update(blogComments).set({ status: o.status }).where(eq(blogComments.id, id));
            else if (id && o.kind === 'delete') {
              await handle.db.delete(blogComments).where(eq(blogComments.id, id));
              ids.splice(ids.indexOf(id), 1);
            }
          }
          expect(await tabs()).toEqual(await recountedComments());
        }),
        { numRuns: 15 },
      );
    }, 60_000);

    it('lose nothing when many visitors comment at once, and a deleted post takes its comments off', async () => {
      await handle.db.delete(blogComments).where(eq(blogComments.websiteId, SITE));
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          handle.db.insert(blogComments).values(comment(`many-${i}`, i % 4 ? 'approved' : 'pending')),
        ),
      );
      expect(await tabs()).toEqual({ pending: 10, approved: 30, spam: 0 });
      await handle.db.delete(blogPosts).where(eq(blogPosts.id, 'post-a'));
      expect(await tabs()).toEqual({ pending: 0, approved: 0, spam: 0 });
    }, 60_000);
  });
});
