import { FORMS_API, formEditorMessages, type EditorForm, type FormProblem } from '@site/forms';
import { FormEditorPanel, SubmissionsPanel } from '@site/ui';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError } from '../api/http';
import { useForm, useFormMutations, useSubmission, useSubmissions } from '../api/forms';
import { useMailingLists } from '../api/mailing-lists';
import { useMe } from '../api/session';

const dateTime = (iso: string) => new Date(iso).toLocaleString();

/** Server issues (paths as arrays) as the panel's problems (dotted paths). */
const problemsOf = (error: unknown): FormProblem[] =>
  error instanceof ApiError ? error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) : [];

function Editor({
  formId,
  initial,
  features,
}: {
  formId: string;
  initial: EditorForm;
  features: { formHandler: boolean };
}) {
  const readOnly = !useMe().data?.canEdit;
  const lists = useMailingLists();
  const { save } = useFormMutations();
  const [form, setForm] = useState(initial);
  const [dirty, setDirty] = useState(false);
  return (
    <>
      <header className="ed-screen__head">
        <h1>{form.name || 'Untitled form'}</h1>
        {!readOnly && (
          <button
            type="button"
            className="ed-button ed-button--primary"
            disabled={save.isPending}
            onClick={() => save.mutate({ id: formId, form }, { onSuccess: () => setDirty(false) })}
          >
            {save.isPending ? 'Saving…' : 'Save form'}
          </button>
        )}
      </header>
      {save.error && (
        <div role="alert" className="ed-field__error">
          <strong>{formEditorMessages.unableToUpdate}</strong> {save.error.message}
        </div>
      )}
      {!save.error && save.isSuccess && !dirty && <p role="status">Saved.</p>}
      <FormEditorPanel
        form={form}
        features={features}
        lists={lists.data ?? []}
        problems={problemsOf(save.error)}
        isReadOnly={readOnly}
        onChange={(next) => {
          setForm(next);
          setDirty(true);
        }}
      />
    </>
  );
}

function Inbox({ formId }: { formId: string }) {
  const submissions = useSubmissions(formId);
  const [selectedId, setSelectedId] = useState<string>();
  const selected = useSubmission(formId, selectedId);
  return (
    <SubmissionsPanel
      submissions={submissions.data?.pages.flatMap((p) => p.submissions)}
      total={submissions.data?.pages[0]?.total ?? 0}
      isLoading={submissions.isPending}
      error={submissions.error?.message}
      selected={selected.data}
      onSelect={setSelectedId}
      csvHref={FORMS_API.submissionsCsv(formId)}
      formatDate={dateTime}
      hasMore={submissions.hasNextPage}
      isLoadingMore={submissions.isFetchingNextPage}
      onLoadMore={() => void submissions.fetchNextPage()}
    />
  );
}

/** /config/forms/$formId: the form editor (fieldsets 1 to 5) above the form's submissions. */
export function FormEditorScreen({ formId }: { formId: string }) {
  const opened = useForm(formId);
  return (
    <div className="ed-screen">
      <p>
        <Link to="/forms">← All forms</Link>
      </p>
      {opened.isPending && <p role="status">Opening the form…</p>}
      {opened.error && (
        <div role="alert" className="ed-field__error">
          <strong>{formEditorMessages.unableToOpen}</strong> {opened.error.message}
        </div>
      )}
      {opened.data && (
        <>
          <Editor key={formId} formId={formId} initial={opened.data.form} features={opened.data.features} />
          <Inbox formId={formId} />
        </>
      )}
    </div>
  );
}
