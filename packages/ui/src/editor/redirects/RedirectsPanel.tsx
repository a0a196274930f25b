import {
  redirectRuleSchema,
  type RedirectRuleInput,
  type RedirectStatus,
  type RedirectView,
} from '@site/page-content';
import { useState, type FormEvent } from 'react';
import { editorMessages } from '../editor-messages';
import { EditorField } from '../field/EditorField';

/** A rule as the owner typed it, ready for the server (which tidies and checks it again). */
export interface RedirectDraft {
  from: string;
  to: string;
  status: RedirectStatus;
}

export interface RedirectsPanelProps {
  redirects: readonly RedirectView[];
  onAdd: (rule: RedirectDraft) => void;
  onUpdate: (original: string, rule: RedirectDraft) => void;
  onRemove: (from: string) => void;
  /** The server's answer to the last change, shown as is (a circle, an address already used). */
  error?: string;
  isPending?: boolean;
  isReadOnly?: boolean;
  isLoading?: boolean;
}

type FieldErrors = Partial<Record<'from' | 'to' | 'status', string>>;

const STATUS_LABEL: Record<RedirectStatus, string> = {
  301: 'Permanent (301)',
  302: 'Temporary (302)',
};

function check(draft: RedirectDraft): FieldErrors {
  const parsed = redirectRuleSchema.safeParse(draft satisfies RedirectRuleInput);
  const errors: FieldErrors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as keyof FieldErrors;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The old address, the new one and permanent or temporary: adding a rule and changing one. */
function RuleForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  isPending,
}: {
  initial: RedirectDraft;
  submitLabel: string;
  onSubmit: (rule: RedirectDraft) => void;
  onCancel?: () => void;
  isPending?: boolean;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = check(draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    onSubmit(draft);
    if (!onCancel) setDraft({ from: '', to: '', status: draft.status });
  };
  return (
    <form className="ed-redirects__form" onSubmit={submit} noValidate>
      <EditorField
        label="Old address"
        hint="A path on this site, like /old-page. End with /* for everything under it: /old-blog/*"
        error={errors.from}
      >
        {(control) => (
          <input
            {...control}
            className="ed-input"
            value={draft.from}
            placeholder="/old-page"
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        )}
      </EditorField>
      <EditorField
        label="New address"
        hint="A path on this site or a full web address. With /* the rest of the old address is kept: /blog/*"
        error={errors.to}
      >
        {(control) => (
          <input
            {...control}
            className="ed-input"
            value={draft.to}
            placeholder="/new-page"
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        )}
      </EditorField>
      <EditorField
        label="Kind"
        hint="Permanent tells search engines to use the new address from now on."
        error={errors.status}
      >
        {(control) => (
          <select
            {...control}
            className="ed-input"
            value={draft.status}
            onChange={(e) => setDraft({ ...draft, status: Number(e.target.value) as RedirectStatus })}
          >
            {([301, 302] as const).map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        )}
      </EditorField>
      <div className="ed-redirects__actions">
        <button type="submit" className="ed-button ed-button--primary" disabled={isPending}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="ed-button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * The site's redirects: add one (exact or `/*` addresses, permanent or temporary), change or
 * remove it. Each rule is checked as typed with the rules the server applies; the server's
 * refusals (a circle, an address already used, a page living there) show above the list.
 */
export function RedirectsPanel({
  redirects,
  onAdd,
  onUpdate,
  onRemove,
  error,
  isPending,
  isReadOnly,
  isLoading,
}: RedirectsPanelProps) {
  const [editing, setEditing] = useState<string>();
  return (
    <div className="ed-redirects">
      <p className="ed-muted">
        Send visitors and search engines from an old address to a new one. Pages you move get theirs
        automatically.
      </p>
      {!isReadOnly && (
        <section className="ed-redirects" aria-labelledby="ed-redirects-add">
          <h2 id="ed-redirects-add">Add a redirect</h2>
          <RuleForm
            initial={{ from: '', to: '', status: 301 }}
            submitLabel="Add redirect"
            onSubmit={onAdd}
            isPending={isPending || isLoading}
          />
        </section>
      )}
      {error && (
        <p role="alert" className="ed-field__error">
          {error}
        </p>
      )}
      <h2>Your redirects</h2>
      {isLoading ? (
        <p className="ed-muted" role="status">
          {editorMessages.loading}
        </p>
      ) : redirects.length === 0 ? (
        <p className="ed-muted">No redirects yet.</p>
      ) : (
        <ul className="ed-redirects__list" aria-label="Redirects">
          {redirects.map((r) => (
            <li key={r.from} className="ed-redirects__item">
              {editing === r.from ? (
                <RuleForm
                  initial={{ from: r.from, to: r.to, status: r.status }}
                  submitLabel="Save"
                  isPending={isPending}
                  onCancel={() => setEditing(undefined)}
                  onSubmit={(rule) => {
                    onUpdate(r.from, rule);
                    setEditing(undefined);
                  }}
                />
              ) : (
                <>
                  <p className="ed-redirects__rule">
                    <code>{r.from}</code>
                    <span aria-label="goes to"> → </span>
                    <code>{r.to}</code>
                  </p>
                  <p className="ed-redirects__meta">
                    <span className="ed-redirects__status">{STATUS_LABEL[r.status]}</span>
                    {r.servedTo && (
                      <span>
                        {' '}
                        · Other redirects carry on: visitors land on <code>{r.servedTo}</code>
                      </span>
                    )}
                  </p>
                  {!isReadOnly && (
                    <div className="ed-redirects__actions">
                      <button
                        type="button"
                        className="ed-button"
                        aria-label={`Edit redirect from ${r.from}`}
                        disabled={isPending}
                        onClick={() => setEditing(r.from)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="ed-button ed-button--danger"
                        aria-label={`Remove redirect from ${r.from}`}
                        disabled={isPending}
                        onClick={() => onRemove(r.from)}
                      >
                        Remove
                      </button>
                    </div>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
