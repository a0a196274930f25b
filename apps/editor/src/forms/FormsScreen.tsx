import { EmptyState } from '@site/ui';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { useFormMutations, useForms } from '../api/forms';
import { useMe } from '../api/session';

/** /config/forms: the site's forms, each with its field and submission counts; a new one opens the editor. */
export function FormsScreen() {
  const id = useId();
  const readOnly = !useMe().data?.canEdit;
  const forms = useForms();
  const { create } = useFormMutations();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(name, {
      onSuccess: ({ id: formId }) => void navigate({ to: '/forms/$formId', params: { formId } }),
    });
  };
  return (
    <div className="ed-screen">
      <header className="ed-screen__head">
        <h1>Forms</h1>
      </header>
      {!readOnly && (
        <form className="ed-field__row" onSubmit={submit}>
          <label htmlFor={id} className="ed-field__label">
            New form
          </label>
          <input
            id={id}
            className="ed-input"
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={create.error ? true : undefined}
          />
          <button type="submit" className="ed-button ed-button--primary" disabled={create.isPending}>
            Create form
          </button>
          {create.error && (
            <p className="ed-field__error" role="alert">
              {create.error.message}
            </p>
          )}
        </form>
      )}
      {forms.error && <p role="alert">{forms.error.message}</p>}
      {forms.data?.length === 0 && (
        <EmptyState title="No forms yet">Create a form, then add a Form block to a page.</EmptyState>
      )}
      {forms.data && forms.data.length > 0 && (
        <table className="ed-table">
          <thead>
            <tr>
              <th scope="col">Form</th>
              <th scope="col">Fields</th>
              <th scope="col">Submissions</th>
            </tr>
          </thead>
          <tbody>
            {forms.data.map((f) => (
              <tr key={f.id}>
                <td>
                  <Link to="/forms/$formId" params={{ formId: f.id }}>
                    {f.name}
                  </Link>
                </td>
                <td>{f.fieldCount}</td>
                <td>{f.submissionCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
