import { formSchema, formStorageSchema, type Form, type FormStorage } from '@site/forms';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { forms } from '../db/schema';

export type LoadedForm =
  | { kind: 'found'; form: Form; storage: FormStorage }
  | { kind: 'missing' }
  | { kind: 'invalid'; problem: string };

/**
 * A site's form by id, parsed with the shared model schema so defaults are filled in exactly as
 * the browser sees them. A stored model that no longer parses is reported, not thrown: the caller
 * answers "not configured" and logs it.
 */
export async function loadForm(db: Database, websiteId: string, formId: string): Promise<LoadedForm> {
  const [row] = await db
    .select({ id: forms.id, name: forms.name, model: forms.model })
    .from(forms)
    .where(and(eq(forms.id, formId), eq(forms.websiteId, websiteId)));
  if (!row) return { kind: 'missing' };
  // The row's id and name are authoritative; the model may predate a rename.
  const parsed = formSchema.safeParse({ ...row.model, id: row.id, name: row.name });
  if (!parsed.success)
    return { kind: 'invalid', problem: parsed.error.issues[0]?.message ?? 'invalid model' };
  // Storage is the editor's (fieldset 2); a model saved before it existed keeps only the inbox.
  const storage = formStorageSchema.safeParse(row.model.storage ?? {});
  return {
    kind: 'found',
    form: parsed.data,
    storage: storage.success ? storage.data : formStorageSchema.parse({}),
  };
}
