import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  answerText,
  formEditorMessages,
  formProblems,
  formSchema,
  formStorageSchema,
  submissionCsvLine,
  submissionsCsvHeader,
  submissionSummary,
  SUBMISSIONS_PAGE_SIZE,
  toFormModel,
  type EditorForm,
  type Form,
  type FormEditorFeatures,
  type FormListItem,
  type FormStorage,
  type SubmissionDetail,
  type SubmissionListPage,
} from '@site/forms';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { formCounts, forms, formSubmissions, mailingLists } from '../db/schema';
import { ApiError, csvBody, keysetPages } from '../http';
import { decodeCursor, encodeCursor } from '../http/cursor';

const formNotFound = () => new ApiError(404, 'FORM_NOT_FOUND', formEditorMessages.formNotFound);
const submissionNotFound = () =>
  new ApiError(404, 'SUBMISSION_NOT_FOUND', formEditorMessages.submissionNotFound);

const DEFAULT_STORAGE: FormStorage = formStorageSchema.parse({});

/** A stored model as the editor edits it: the shared form plus its storage choices. */
export interface StoredForm {
  form: Form;
  storage: FormStorage;
  updatedAt: string;
}

function readModel(row: {
  id: string;
  name: string;
  model: Record<string, unknown>;
}): { form: Form; storage: FormStorage } | undefined {
  const form = formSchema.safeParse({ ...row.model, id: row.id, name: row.name });
  if (!form.success) return undefined;
  const storage = formStorageSchema.safeParse(row.model.storage ?? {});
  return { form: form.data, storage: storage.success ? storage.data : DEFAULT_STORAGE };
}

export async function listForms(db: Database, websiteId: string): Promise<FormListItem[]> {
  const rows = await db
    .select({
      id: forms.id,
      name: forms.name,
      model: forms.model,
      updatedAt: forms.updatedAt,
      // Kept by a trigger (migration 0053): no submission is read to count them.
      submissions: sql<number>`coalesce(${formCounts.submissions}, 0)`.mapWith(Number),
    })
    .from(forms)
    .leftJoin(formCounts, eq(formCounts.formId, forms.id))
    .where(eq(forms.websiteId, websiteId))
    .orderBy(forms.name, forms.id);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    fieldCount: readModel(row)?.form.fields.length ?? 0,
    submissionCount: row.submissions,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function loadStoredForm(
  db: Database,
  websiteId: string,
  id: string,
): Promise<StoredForm | undefined> {
  const [row] = await db
    .select({ id: forms.id, name: forms.name, model: forms.model, updatedAt: forms.updatedAt })
    .from(forms)
    .where(and(eq(forms.id, id), eq(forms.websiteId, websiteId)));
  if (!row) return undefined;
  const model = readModel(row);
  // A model that no longer parses cannot be opened: the editor shows 'Unable to open form'.
  if (!model) throw new ApiError(422, 'FORM_UNREADABLE', formEditorMessages.unableToOpen);
  return { ...model, updatedAt: row.updatedAt.toISOString() };
}

export async function requireStoredForm(db: Database, websiteId: string, id: string): Promise<StoredForm> {
  const stored = await loadStoredForm(db, websiteId, id);
  if (!stored) throw formNotFound();
  return stored;
}

export async function createForm(db: Database, websiteId: string, name: string): Promise<{ id: string }> {
  const id = randomUUID();
  await db.insert(forms).values({
    id,
    websiteId,
    name,
    model: toFormModel(id, {
      name,
      fields: [],
      storage: DEFAULT_STORAGE,
      parsedSubmissionMessage: '',
      successRedirect: '',
      captchaEnabled: false,
      captchaTheme: 'light',
      captchaAlignment: 'left',
      parsedDisclaimerMessage: '',
    }),
  });
  return { id };
}

/** Saves fieldsets 1 to 5 at once, after the rules across them (lists must be the site's own). */
export async function updateForm(
  db: Database,
  websiteId: string,
  id: string,
  input: EditorForm,
  features: FormEditorFeatures,
): Promise<void> {
  const lists = await db
    .select({ id: mailingLists.id })
    .from(mailingLists)
    .where(eq(mailingLists.websiteId, websiteId));
  const problems = formProblems(
    input,
    features,
    lists.map((l) => l.id),
  );
  if (problems.length > 0) {
    throw new ApiError(
      400,
      'INVALID',
      problems[0]!.message,
      problems.map((p) => ({
        path: p.path.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
        message: p.message,
      })),
    );
  }
  const updated = await db
    .update(forms)
    .set({ name: input.name, model: toFormModel(id, input), updatedAt: new Date() })
    .where(and(eq(forms.id, id), eq(forms.websiteId, websiteId)))
    .returning({ id: forms.id });
  if (updated.length === 0) throw formNotFound();
}

export async function deleteForm(db: Database, websiteId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(forms)
    .where(and(eq(forms.id, id), eq(forms.websiteId, websiteId)))
    .returning({ id: forms.id });
  if (deleted.length === 0) throw formNotFound();
}

const pageOf = (page: Record<string, unknown>) => ({
  pagePath: typeof page.pagePath === 'string' ? page.pagePath : '',
  pageTitle: typeof page.pageTitle === 'string' ? page.pageTitle : '',
});

const submissionCursor = z.tuple([z.string().min(1).max(64), z.string().min(1).max(200)]);

/**
 * Submissions newer-first after `after`, by (created_at, id): equal instants are told apart by
 * id, and the instant is compared as stored text (to the microsecond a JS Date would lose), so
 * pages never skip or repeat a row. The (form_id, created_at, id) index reads them in order.
 */
function submissionsAfter(
  db: Database,
  websiteId: string,
  id: string,
  after: readonly [string, string] | undefined,
  limit: number,
) {
  const s = formSubmissions;
  return db
    .select({ row: s, key: sql<string>`${s.createdAt}::text` })
    .from(s)
    .where(
      and(
        eq(s.formId, id),
        eq(s.websiteId, websiteId),
        after ? sql`(${s.createdAt}, ${s.id}) < (${after[0]}::timestamptz, ${after[1]}::text)` : undefined,
      ),
    )
    .orderBy(desc(s.createdAt), desc(s.id))
    .limit(limit);
}

export async function listSubmissions(
  db: Database,
  websiteId: string,
  id: string,
  cursor: string | undefined,
): Promise<SubmissionListPage> {
  const { form } = await requireStoredForm(db, websiteId, id);
  const after = decodeCursor(submissionCursor, cursor);
  const [rows, total] = await Promise.all([
    submissionsAfter(db, websiteId, id, after, SUBMISSIONS_PAGE_SIZE + 1),
    after
      ? null
      : // The form is the site's (checked above), so its kept count is the page's total.
        db
          .select({ total: formCounts.submissions })
          .from(formCounts)
          .where(eq(formCounts.formId, id))
          .then(([r]) => r?.total ?? 0),
  ]);
  const page = rows.slice(0, SUBMISSIONS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    total,
    nextPageCursor:
      rows.length > SUBMISSIONS_PAGE_SIZE && last ? encodeCursor([last.key, last.row.id]) : null,
    submissions: page.map(({ row }) => ({
      id: row.id,
      submittedAt: row.createdAt.toISOString(),
      pagePath: pageOf(row.page).pagePath,
      preview:
        submissionSummary(form.fields, row.values)
          .map(answerText)
          .find((t) => t !== '') ?? '',
    })),
  };
}

export async function submissionDetail(
  db: Database,
  websiteId: string,
  id: string,
  submissionId: string,
): Promise<SubmissionDetail> {
  const { form } = await requireStoredForm(db, websiteId, id);
  const [row] = await db
    .select()
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.id, submissionId),
        eq(formSubmissions.formId, id),
        eq(formSubmissions.websiteId, websiteId),
      ),
    );
  if (!row) throw submissionNotFound();
  return {
    id: row.id,
    submittedAt: row.createdAt.toISOString(),
    ...pageOf(row.page),
    summary: submissionSummary(form.fields, row.values),
  };
}

/** Submissions per statement of the export. */
const EXPORT_PAGE = 500;

/**
 * Every submission as CSV, newest first, streamed in keyset pages so memory holds one page
 * however many the form has; the form is looked up first, so an unknown one is a 404 before
 * any CSV is sent.
 */
export async function exportSubmissions(
  db: Database,
  websiteId: string,
  id: string,
): Promise<{ name: string; csv: Readable }> {
  const { form } = await requireStoredForm(db, websiteId, id);
  const pages = keysetPages<{ row: typeof formSubmissions.$inferSelect; key: string }>((after) =>
    submissionsAfter(db, websiteId, id, after && [after.key, after.row.id], EXPORT_PAGE),
  );
  return {
    name: form.name,
    csv: csvBody(submissionsCsvHeader(form.fields), pages, ({ row }) =>
      submissionCsvLine(form.fields, {
        submittedAt: row.createdAt.toISOString(),
        pagePath: pageOf(row.page).pagePath,
        values: row.values,
      }),
    ),
  };
}
