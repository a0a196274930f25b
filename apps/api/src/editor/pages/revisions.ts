import { randomUUID } from 'node:crypto';
import { countBlocks, LIMITS, type PageDocument, type RevisionSummary } from '@site/page-content';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pageRevisions, siteMembers } from '../../db/schema';

/** Autosave writes every few seconds; one author's saves within a minute make one history entry. */
const COALESCE_MS = 60_000;

type RevisionKind = (typeof pageRevisions.$inferSelect)['kind'];

export interface NewRevision {
  websiteId: string;
  pageId: string;
  kind: RevisionKind;
  version: number;
  document: PageDocument;
  authorId: string;
  at: Date;
}

export async function recordRevision(tx: Database, revision: NewRevision): Promise<void> {
  if (revision.kind === 'draft') {
    const [latest] = await tx
      .select({
        id: pageRevisions.id,
        kind: pageRevisions.kind,
        authorId: pageRevisions.authorId,
        createdAt: pageRevisions.createdAt,
      })
      .from(pageRevisions)
      .where(eq(pageRevisions.pageId, revision.pageId))
      .orderBy(desc(pageRevisions.createdAt), desc(pageRevisions.version))
      .limit(1);
    if (
      latest?.kind === 'draft' &&
      latest.authorId === revision.authorId &&
      revision.at.getTime() - latest.createdAt.getTime() < COALESCE_MS
    ) {
      await tx
        .update(pageRevisions)
        .set({ document: revision.document, version: revision.version })
        .where(eq(pageRevisions.id, latest.id));
      return;
    }
  }
  await tx.insert(pageRevisions).values({ id: randomUUID(), ...revision, createdAt: revision.at });
  await prune(tx, revision.pageId);
}

/** Keeps LIMITS.maxRevisionsKept per page, dropping the oldest drafts first so publications last longest. */
async function prune(tx: Database, pageId: string): Promise<void> {
  const rows = await tx
    .select({ id: pageRevisions.id, kind: pageRevisions.kind, createdAt: pageRevisions.createdAt })
    .from(pageRevisions)
    .where(eq(pageRevisions.pageId, pageId));
  const excess = rows.length - LIMITS.maxRevisionsKept;
  if (excess <= 0) return;
  const doomed = rows
    .sort(
      (a, b) =>
        Number(b.kind === 'draft') - Number(a.kind === 'draft') ||
        a.createdAt.getTime() - b.createdAt.getTime(),
    )
    .slice(0, excess)
    .map((r) => r.id);
  await tx.delete(pageRevisions).where(inArray(pageRevisions.id, doomed));
}

export async function listRevisions(
  db: Database,
  websiteId: string,
  pageId: string,
): Promise<RevisionSummary[]> {
  const rows = await db
    .select({
      id: pageRevisions.id,
      kind: pageRevisions.kind,
      version: pageRevisions.version,
      createdAt: pageRevisions.createdAt,
      document: pageRevisions.document,
      author: siteMembers.email,
    })
    .from(pageRevisions)
    .leftJoin(siteMembers, eq(siteMembers.id, pageRevisions.authorId))
    .where(and(eq(pageRevisions.websiteId, websiteId), eq(pageRevisions.pageId, pageId)))
    .orderBy(desc(pageRevisions.createdAt), desc(pageRevisions.version));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    author: r.author,
    blockCount: countBlocks(r.document),
  }));
}

export async function findRevision(db: Database, websiteId: string, pageId: string, revisionId: string) {
  const [row] = await db
    .select()
    .from(pageRevisions)
    .where(
      and(
        eq(pageRevisions.id, revisionId),
        eq(pageRevisions.pageId, pageId),
        eq(pageRevisions.websiteId, websiteId),
      ),
    );
  return row;
}
