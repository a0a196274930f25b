import { randomUUID } from 'node:crypto';
import {
  answerText,
  formEditorMessages,
  formProblems,
  formSchema,
  formStorageSchema,
  submissionsCsv,
  submissionSummary,
  SUBMISSIONS_PAGE_SIZE,
  toFormModel,
  type EditorForm,
  type Form,
  type FormEditorFeatures,
  type FormListItem,
  type FormStorage,
  type SubmissionDetail,
  type SubmissionListItem,
} from '@site/forms';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { forms, formSubmissions, mailingLists } from '../db/schema';
import { ApiError } from '../http';

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
      submissions: count(formSubmissions.id),
    })
    .from(forms)
    .leftJoin(formSubmissions, eq(formSubmissions.formId, forms.id))
    .where(eq(forms.websiteId, websiteId))
    .groupBy(forms.id)
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

export async function listSubmissions(
  db: Database,
  websiteId: string,
  id: string,
  offset: number,
): Promise<{ submissions: SubmissionListItem[]; total: number }> {
  const { form } = await requireStoredForm(db, websiteId, id);
  const where = and(eq(formSubmissions.formId, id), eq(formSubmissions.websiteId, websiteId));
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(formSubmissions)
      .where(where)
      .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
      .limit(SUBMISSIONS_PAGE_SIZE)
      .offset(offset),
    db.select({ total: count() }).from(formSubmissions).where(where),
  ]);
  return {
    total,
    submissions: rows.map((row) => ({
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

export async function exportSubmissions(
  db: Database,
  websiteId: string,
  id: string,
): Promise<{ name: string; csv: string }> {
  const { form } = await requireStoredForm(db, websiteId, id);
  const rows = await db
    .select()
    .from(formSubmissions)
    .where(and(eq(formSubmissions.formId, id), eq(formSubmissions.websiteId, websiteId)))
    .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id));
  return {
    name: form.name,
    csv: submissionsCsv(
      form.fields,
      rows.map((r) => ({
        submittedAt: r.createdAt.toISOString(),
        pagePath: pageOf(r.page).pagePath,
        values: r.values,
      })),
    ),
  };
}
