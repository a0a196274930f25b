import {
  messages,
  type TemplateProblem,
  type TemplateSource,
  type TemplateSummary,
} from '@site/page-content';
import { compile } from '@site/template-engine';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { templates } from '../../db/schema';
import { ApiError } from '../../http';

// The version is the source's MD5, computed by the database in the same statement that checks it.
const version = sql<string>`md5(${templates.source})`;

const notFound = () => new ApiError(404, 'TEMPLATE_NOT_FOUND', messages.templateNotFound);

export async function listTemplates(db: Database, websiteId: string): Promise<TemplateSummary[]> {
  const rows = await db
    .select({ name: templates.name, version, updatedAt: templates.updatedAt })
    .from(templates)
    .where(eq(templates.websiteId, websiteId))
    .orderBy(asc(templates.name));
  return rows.map((r) => ({ name: r.name, version: r.version, updatedAt: r.updatedAt.toISOString() }));
}

export async function loadTemplate(db: Database, websiteId: string, name: string): Promise<TemplateSource> {
  const [row] = await db
    .select({ name: templates.name, source: templates.source, version })
    .from(templates)
    .where(and(eq(templates.websiteId, websiteId), eq(templates.name, name)));
  if (!row) throw notFound();
  return row;
}

/** The engine's syntax errors, each at its line and column (the editor shows the same ones as you type). */
export function templateProblems(source: string): TemplateProblem[] {
  return compile(source).errors.map((e) => ({
    line: e.line ?? 1,
    column: e.column ?? 1,
    message: e.message,
  }));
}

/**
 * Saves a template over the version the editor loaded. A source with syntax errors is refused, so
 * the live site never renders a half-parsed template. The new `updated_at` makes the renderer
 * compile the new source, and the templates trigger drops the site's cached pages.
 */
export async function saveTemplate(
  db: Database,
  websiteId: string,
  name: string,
  source: string,
  expected: string,
): Promise<TemplateSource> {
  const problems = templateProblems(source);
  if (problems.length)
    throw new ApiError(
      400,
      'TEMPLATE_SYNTAX',
      messages.templateHasErrors(problems.length),
      problems.map((p) => ({ path: ['source', p.line, p.column], message: p.message })),
    );
  const [row] = await db
    .update(templates)
    .set({ source, updatedAt: new Date() })
    .where(
      and(
        eq(templates.websiteId, websiteId),
        eq(templates.name, name),
        sql`md5(${templates.source}) = ${expected}`,
      ),
    )
    .returning({ name: templates.name, source: templates.source, version });
  if (row) return row;
  await loadTemplate(db, websiteId, name);
  throw new ApiError(409, 'STALE_VERSION', messages.templateStale);
}
