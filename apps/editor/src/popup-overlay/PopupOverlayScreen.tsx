import {
  messages,
  popupOverlayContentSchema,
  type EditorPopupOverlay,
  type PopupOverlayContentInput,
  type UpdatePopupOverlay,
} from '@site/page-content';
import { EditorField } from '@site/ui';
import { useId, useState } from 'react';
import { useMailingLists } from '../api/mailing-lists';
import { usePages } from '../api/pages';
import { usePopupOverlay, useSavePopupOverlay } from '../api/popup-overlay';
import { useMe } from '../api/session';
import { errorMessage } from '../screen-kit/save-state';
import { ScreenFrame } from '../screen-kit/ScreenFrame';
import { ScreenLoader } from '../screen-kit/ScreenLoader';
import { useVersionedForm } from '../screen-kit/useVersionedForm';

/** The form as the owner fills it in: every box as typed, the numbers as text until saved. */
interface Draft {
  enabled: boolean;
  title: string;
  body: string;
  hasAction: boolean;
  actionLabel: string;
  actionHref: string;
  hasNewsletter: boolean;
  listId: string;
  doubleOptIn: boolean;
  buttonLabel: string;
  placeholder: string;
  delaySeconds: string;
  hideForDays: string;
}

function draftOf({ enabled, content }: EditorPopupOverlay): Draft {
  return {
    enabled,
    title: content?.title ?? '',
    body: content?.body ?? '',
    hasAction: Boolean(content?.action),
    actionLabel: content?.action?.label ?? '',
    actionHref: content?.action?.href ?? '',
    hasNewsletter: Boolean(content?.newsletter),
    listId: content?.newsletter?.listId ?? '',
    doubleOptIn: content?.newsletter?.doubleOptIn ?? true,
    buttonLabel: content?.newsletter?.buttonLabel ?? 'Sign up',
    placeholder: content?.newsletter?.placeholder ?? 'Email address',
    delaySeconds: String(content?.delaySeconds ?? 5),
    hideForDays: String(content?.hideForDays ?? 7),
  };
}

const asNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/** The content to save; none while the pop-up is off and has no title (nothing worth keeping). */
function contentOf(draft: Draft): PopupOverlayContentInput | null {
  if (!draft.enabled && draft.title.trim() === '') return null;
  return {
    title: draft.title,
    body: draft.body,
    ...(draft.hasAction && { action: { label: draft.actionLabel, href: draft.actionHref } }),
    ...(draft.hasNewsletter && {
      newsletter: {
        ...(draft.listId && { listId: draft.listId }),
        doubleOptIn: draft.doubleOptIn,
        buttonLabel: draft.buttonLabel,
        placeholder: draft.placeholder,
      },
    }),
    delaySeconds: asNumber(draft.delaySeconds),
    hideForDays: asNumber(draft.hideForDays),
  };
}

const TITLE = 'Pop-up';

/** The promotional pop-up: on or off, its text, an optional button and newsletter sign-up, and when it shows. */
export function PopupOverlayScreen() {
  return (
    <ScreenLoader
      title={TITLE}
      query={usePopupOverlay()}
      version={(d) => d.version}
      loadingLabel="Loading the pop-up…"
    >
      {(data, reload) => <PopupOverlayForm initial={data} onReload={reload} />}
    </ScreenLoader>
  );
}

function PopupOverlayForm({ initial, onReload }: { initial: EditorPopupOverlay; onReload: () => void }) {
  const id = useId();
  const me = useMe();
  const readOnly = !me.data?.canEdit;
  const save = useSavePopupOverlay();
  const pages = usePages();
  const form = useVersionedForm<Draft>(draftOf(initial), save);
  const draft = form.value;
  const [localIssues, setLocalIssues] = useState<Record<string, string>>({});
  const errors = { ...form.errors(['content']), ...localIssues };
  const set = (change: Partial<Draft>) => {
    form.update(change);
    // A refusal is about what was sent; once the owner changes something it no longer applies.
    setLocalIssues({});
  };

  const submit = () => {
    const content = contentOf(draft);
    // The server's rules, checked here first so each mistake shows at its box before the round trip.
    const parsed = content ? popupOverlayContentSchema.safeParse(content) : undefined;
    if (parsed && !parsed.success) {
      const issues: Record<string, string> = {};
      for (const issue of parsed.error.issues) issues[issue.path.join('.')] ??= issue.message;
      setLocalIssues(issues);
      return;
    }
    const input: UpdatePopupOverlay = {
      enabled: draft.enabled,
      content: parsed?.data ?? null,
      version: initial.version,
    };
    save.mutate(input);
  };

  const problems = Object.keys(errors).length;
  return (
    <ScreenFrame
      title={TITLE}
      save={
        readOnly
          ? undefined
          : {
              state:
                problems && !save.isPending
                  ? { kind: 'failed', message: messages.popupOverlay.fixHighlighted }
                  : form.state,
              canSave: form.canSave,
              form: `${id}-form`,
            }
      }
      onReload={form.conflict ? onReload : undefined}
    >
      <p className="ed-muted">
        A promotional window visitors see once after a short delay, until they close it. Changing its text
        shows it again to visitors who closed an earlier one.
      </p>
      <div className="ed-popup-editor">
        <form
          id={`${id}-form`}
          className="ed-card ed-form"
          aria-label="Pop-up settings"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <fieldset disabled={readOnly} className="ed-form">
            <Toggle draft={draft} set={set} field="enabled" label="Show the pop-up on the site" />
            <TextField
              draft={draft}
              set={set}
              field="title"
              label="Title"
              error={errors.title}
              placeholder="e.g. Free shipping this week"
            />
            <EditorField label="Text" hint="Optional; plain text." error={errors.body}>
              {(control) => (
                <textarea
                  {...control}
                  className="ed-input ed-textarea"
                  rows={3}
                  value={draft.body}
                  onChange={(e) => set({ body: e.target.value })}
                />
              )}
            </EditorField>

            <Toggle draft={draft} set={set} field="hasAction" label="Add a button" />
            {draft.hasAction && (
              <div className="ed-form__grid">
                <TextField
                  draft={draft}
                  set={set}
                  field="actionLabel"
                  label="Button label"
                  error={errors['action.label']}
                  placeholder="e.g. Shop now"
                />
                <EditorField
                  label="Button link"
                  required
                  hint="A page of this site (pick one or type /path) or a web address."
                  error={errors['action.href']}
                >
                  {(control) => (
                    <>
                      <input
                        {...control}
                        className="ed-input"
                        list={`${id}-pages`}
                        autoCapitalize="none"
                        spellCheck={false}
                        value={draft.actionHref}
                        placeholder="/shop"
                        onChange={(e) => set({ actionHref: e.target.value })}
                      />
                      <datalist id={`${id}-pages`}>
                        {(pages.data ?? [])
                          .filter((p) => p.kind === 'page')
                          .map((p) => (
                            <option key={p.id} value={p.path}>
                              {p.title}
                            </option>
                          ))}
                      </datalist>
                    </>
                  )}
                </EditorField>
              </div>
            )}

            <Toggle draft={draft} set={set} field="hasNewsletter" label="Add a newsletter sign-up" />
            {draft.hasNewsletter && <NewsletterFields draft={draft} set={set} errors={errors} />}

            <div className="ed-form__grid">
              <NumberField
                draft={draft}
                set={set}
                field="delaySeconds"
                label="Delay (seconds)"
                hint="How long a visitor is on the site before it opens (0–120)."
                max={120}
                error={errors.delaySeconds}
              />
              <NumberField
                draft={draft}
                set={set}
                field="hideForDays"
                label="Hide for (days)"
                hint="How long it stays closed once a visitor closes it (0–365)."
                max={365}
                error={errors.hideForDays}
              />
            </div>
          </fieldset>
        </form>
        <PopupPreview draft={draft} />
      </div>
    </ScreenFrame>
  );
}

function NewsletterFields({
  draft,
  set,
  errors,
}: {
  draft: Draft;
  set: (change: Partial<Draft>) => void;
  errors: Record<string, string>;
}) {
  const lists = useMailingLists();
  return (
    <div className="ed-form__grid">
      <EditorField
        label="Mailing list"
        error={errors['newsletter.listId'] ?? (lists.error ? errorMessage(lists.error) : undefined)}
        hint={lists.data?.length === 0 ? 'No lists yet: sign-ups go into the default list.' : undefined}
      >
        {(control) => (
          <select
            {...control}
            className="ed-input"
            value={draft.listId}
            disabled={lists.isPending || control.disabled}
            onChange={(e) => set({ listId: e.target.value })}
          >
            <option value="">{lists.isPending ? 'Loading lists…' : 'The default list'}</option>
            {(lists.data ?? []).map((list) => (
              <option key={list.id} value={list.id}>
                {list.name}
              </option>
            ))}
          </select>
        )}
      </EditorField>
      <TextField
        draft={draft}
        set={set}
        field="buttonLabel"
        label="Sign-up button label"
        error={errors['newsletter.buttonLabel']}
      />
      <TextField
        draft={draft}
        set={set}
        field="placeholder"
        label="Email box placeholder"
        error={errors['newsletter.placeholder']}
      />
      <Toggle
        draft={draft}
        set={set}
        field="doubleOptIn"
        label="Ask new subscribers to confirm by email (double opt-in)"
      />
    </div>
  );
}

type DraftProps<K extends keyof Draft> = {
  draft: Draft;
  set: (change: Partial<Draft>) => void;
  field: K;
  label: string;
};
type FlagKey = 'enabled' | 'hasAction' | 'hasNewsletter' | 'doubleOptIn';
type TextKey = 'title' | 'actionLabel' | 'buttonLabel' | 'placeholder' | 'delaySeconds' | 'hideForDays';

function Toggle({ draft, set, field, label }: DraftProps<FlagKey>) {
  const id = useId();
  return (
    <div className="ed-field ed-field--toggle">
      <input
        id={id}
        type="checkbox"
        checked={draft[field]}
        onChange={(e) => set({ [field]: e.target.checked })}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

function TextField({
  draft,
  set,
  field,
  label,
  error,
  placeholder,
}: DraftProps<TextKey> & { error: string | undefined; placeholder?: string }) {
  return (
    <EditorField label={label} required error={error}>
      {(control) => (
        <input
          {...control}
          className="ed-input"
          value={draft[field]}
          placeholder={placeholder}
          onChange={(e) => set({ [field]: e.target.value })}
        />
      )}
    </EditorField>
  );
}

/** A whole number from 0 to `max`, kept as typed until saved. */
function NumberField({
  draft,
  set,
  field,
  label,
  hint,
  max,
  error,
}: DraftProps<TextKey> & { hint: string; max: number; error: string | undefined }) {
  return (
    <EditorField label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          className="ed-input ed-input--number"
          type="number"
          inputMode="numeric"
          min={0}
          max={max}
          value={draft[field]}
          onChange={(e) => set({ [field]: e.target.value })}
        />
      )}
    </EditorField>
  );
}

/** How the pop-up will read, drawn from the form as it is; inert, so it is looked at, never used. */
function PopupPreview({ draft }: { draft: Draft }) {
  const id = useId();
  return (
    <section className="ed-card ed-popup-preview" aria-labelledby={`${id}-title`}>
      <h2 className="ed-card__title" id={`${id}-title`}>
        Preview {draft.enabled ? '' : '(off: visitors do not see it)'}
      </h2>
      {draft.title.trim() === '' ? (
        <p className="ed-muted">Give the pop-up a title to see it here.</p>
      ) : (
        <div className="ed-popup-preview__window" inert>
          <span className="ed-popup-preview__close" aria-hidden="true">
            ×
          </span>
          <p className="ed-popup-preview__title">{draft.title}</p>
          {draft.body && <p>{draft.body}</p>}
          {draft.hasNewsletter && (
            <div className="ed-popup-preview__signup">
              <span className="ed-popup-preview__email">{draft.placeholder}</span>
              <span className="ed-popup-preview__button">{draft.buttonLabel}</span>
            </div>
          )}
          {draft.hasAction && draft.actionLabel && (
            <span className="ed-popup-preview__button">{draft.actionLabel}</span>
          )}
        </div>
      )}
      <p className="ed-muted">
        Opens after {draft.delaySeconds || '?'} s; once closed, hidden for {draft.hideForDays || '?'} days.
      </p>
    </section>
  );
}
