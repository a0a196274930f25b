import {
  editableProperties,
  FIELD_TYPE_LABELS,
  FORM_FIELD_TYPES,
  FORM_FIELDSETS,
  newField,
  type EditorField,
  type EditorForm,
  type FormEditorFeatures,
  type FormFieldType,
  type FormFieldsetName,
  type FormProblem,
} from '@site/forms';
import { useId, useState, type ReactNode } from 'react';

export interface FormEditorPanelProps {
  form: EditorForm;
  features: FormEditorFeatures;
  /** The site's mailing lists, for the storage fieldset. */
  lists: readonly { id: string; name: string }[];
  onChange: (form: EditorForm) => void;
  /** Problems the server (or the rules) found, shown at their place. */
  problems?: readonly FormProblem[];
  isReadOnly?: boolean;
}

const FIELDSET_LABELS: Record<FormFieldsetName, string> = {
  build: 'Build',
  storage: 'Storage',
  advanced: 'Advanced',
  captcha: 'Captcha',
  disclaimer: 'Disclaimer',
};

const lines = (text: string) => text.split('\n');

function Field({
  label,
  children,
  error,
  id,
}: {
  label: string;
  children: ReactNode;
  error?: string;
  id: string;
}) {
  return (
    <div className="ed-field">
      <label htmlFor={id} className="ed-field__label">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="ed-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function Toggle({
  id,
  label,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <div className="ed-field ed-field--toggle">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** The properties of one field: title, description, required, then its type's own (platform.md §3). */
function FieldProperties({
  field,
  index,
  features,
  problems,
  disabled,
  onChange,
}: {
  field: EditorField;
  index: number;
  features: FormEditorFeatures;
  problems: readonly FormProblem[];
  disabled?: boolean;
  onChange: (field: EditorField) => void;
}) {
  const id = useId();
  const props = editableProperties(field.type, features);
  const problemAt = (key: string) => {
    const path = `fields.${index}.${key}`;
    return problems.find((p) => p.path === path || p.path.startsWith(`${path}.`))?.message;
  };
  const set = (patch: Record<string, unknown>) => onChange({ ...field, ...patch } as EditorField);
  const optionsLabel = field.type === 'likert' ? 'Statements (one per line)' : 'Options (one per line)';
  return (
    <fieldset className="ed-form-editor__properties" disabled={disabled}>
      <legend>{FIELD_TYPE_LABELS[field.type]} field</legend>
      {field.type !== 'hidden' && (
        <Field id={`${id}-title`} label="Title" error={problemAt('title')}>
          <input
            id={`${id}-title`}
            className="ed-input"
            value={field.title}
            maxLength={200}
            onChange={(e) => set({ title: e.target.value })}
            aria-invalid={problemAt('title') ? true : undefined}
          />
        </Field>
      )}
      {field.type !== 'hidden' && field.type !== 'section' && (
        <Field id={`${id}-desc`} label="Description">
          <input
            id={`${id}-desc`}
            className="ed-input"
            value={field.description ?? ''}
            maxLength={1000}
            onChange={(e) => set({ description: e.target.value || undefined })}
          />
        </Field>
      )}
      {field.type !== 'hidden' && field.type !== 'section' && (
        <Toggle
          id={`${id}-required`}
          label="Required"
          checked={field.required}
          onChange={(required) => set({ required })}
        />
      )}
      {props.includes('showCountryCode') && field.type === 'phone' && (
        <Toggle
          id={`${id}-cc`}
          label="Show country code"
          checked={field.showCountryCode}
          onChange={(showCountryCode) => set({ showCountryCode })}
        />
      )}
      {props.includes('currencySymbol') && field.type === 'currency' && (
        <Field id={`${id}-symbol`} label="Currency symbol">
          <input
            id={`${id}-symbol`}
            className="ed-input"
            value={field.currencySymbol}
            maxLength={5}
            onChange={(e) => set({ currencySymbol: e.target.value })}
          />
        </Field>
      )}
      {props.includes('underline') && field.type === 'section' && (
        <Toggle
          id={`${id}-underline`}
          label="Underline"
          checked={field.underline}
          onChange={(underline) => set({ underline })}
        />
      )}
      {props.includes('options') && 'options' in field && (
        <Field id={`${id}-options`} label={optionsLabel} error={problemAt('options')}>
          <textarea
            id={`${id}-options`}
            className="ed-input"
            rows={4}
            value={field.options.join('\n')}
            onChange={(e) => set({ options: lines(e.target.value) })}
            aria-invalid={problemAt('options') ? true : undefined}
          />
        </Field>
      )}
      {props.includes('key') && field.type === 'hidden' && (
        <>
          <Field id={`${id}-key`} label="Key" error={problemAt('key')}>
            <input
              id={`${id}-key`}
              className="ed-input"
              value={field.key}
              maxLength={100}
              onChange={(e) => set({ key: e.target.value })}
            />
          </Field>
          <Field id={`${id}-value`} label="Value">
            <input
              id={`${id}-value`}
              className="ed-input"
              value={field.value}
              maxLength={1000}
              onChange={(e) => set({ value: e.target.value })}
            />
          </Field>
        </>
      )}
      {props.includes('maxLength') && field.type === 'textarea' && (
        <Field id={`${id}-max`} label="Maximum length" error={problemAt('maxLength')}>
          <input
            id={`${id}-max`}
            className="ed-input"
            type="number"
            min={1}
            max={100000}
            value={field.maxLength ?? ''}
            onChange={(e) => set({ maxLength: e.target.value === '' ? undefined : Number(e.target.value) })}
          />
        </Field>
      )}
    </fieldset>
  );
}

function BuildFieldset({
  form,
  features,
  problems,
  isReadOnly,
  onChange,
}: FormEditorPanelProps & { problems: readonly FormProblem[] }) {
  const id = useId();
  const [selected, setSelected] = useState(0);
  const [type, setType] = useState<FormFieldType>('text');
  const fields = form.fields;
  const current = fields[Math.min(selected, fields.length - 1)];
  const setFields = (next: EditorField[]) => onChange({ ...form, fields: next });
  const move = (from: number, to: number) => {
    const next = [...fields];
    const [f] = next.splice(from, 1);
    next.splice(to, 0, f!);
    setFields(next);
    setSelected(to);
  };
  return (
    <div className="ed-form-editor__build">
      {!isReadOnly && (
        <div className="ed-field__row">
          <label htmlFor={`${id}-type`} className="ed-field__label">
            Field type
          </label>
          <select
            id={`${id}-type`}
            className="ed-input"
            value={type}
            onChange={(e) => setType(e.target.value as FormFieldType)}
          >
            {FORM_FIELD_TYPES.map((t) => (
              <option key={t} value={t}>
                {FIELD_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="ed-button"
            onClick={() => {
              setFields([
                ...fields,
                newField(
                  type,
                  fields.map((f) => f.id),
                ),
              ]);
              setSelected(fields.length);
            }}
          >
            Add field
          </button>
        </div>
      )}
      {fields.length === 0 ? (
        <p className="ed-muted">This form has no fields yet. Choose a type and add one.</p>
      ) : (
        <ol className="ed-form-editor__fields" aria-label="Fields">
          {fields.map((f, i) => (
            <li key={f.id} aria-current={f === current ? 'true' : undefined}>
              <button type="button" className="ed-link-button" onClick={() => setSelected(i)}>
                {f.title || (f.type === 'hidden' ? `Hidden: ${f.key || f.id}` : f.id)}
              </button>
              <span className="ed-muted"> {FIELD_TYPE_LABELS[f.type]}</span>
              {problems.some((p) => p.path.startsWith(`fields.${i}.`)) && (
                <span className="ed-field__error"> needs attention</span>
              )}
              {!isReadOnly && (
                <span className="ed-form-editor__actions">
                  <button
                    type="button"
                    className="ed-button"
                    aria-label={`Move ${f.title || f.id} up`}
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="ed-button"
                    aria-label={`Move ${f.title || f.id} down`}
                    disabled={i === fields.length - 1}
                    onClick={() => move(i, i + 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="ed-button ed-button--danger"
                    aria-label={`Remove ${f.title || f.id}`}
                    onClick={() => setFields(fields.filter((_, j) => j !== i))}
                  >
                    Remove
                  </button>
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {current && (
        <FieldProperties
          key={current.id}
          field={current}
          index={fields.indexOf(current)}
          features={features}
          problems={problems}
          disabled={isReadOnly}
          onChange={(f) => setFields(fields.map((x) => (x === current ? f : x)))}
        />
      )}
    </div>
  );
}

/**
 * The form editor (platform.md §3): fieldsets 1 build, 2 storage, 3 advanced, 4 captcha and
 * 5 disclaimer as tabs over one controlled form model. The caller saves it.
 */
export function FormEditorPanel(props: FormEditorPanelProps) {
  const { form, lists, onChange, isReadOnly } = props;
  const problems = props.problems ?? [];
  const id = useId();
  const [tab, setTab] = useState<FormFieldsetName>('build');
  const names = Object.keys(FORM_FIELDSETS) as FormFieldsetName[];
  const problemAt = (path: string) =>
    problems.find((p) => p.path === path || p.path.startsWith(`${path}.`))?.message;
  const storage = form.storage;
  const setStorage = (patch: Partial<EditorForm['storage']>) =>
    onChange({ ...form, storage: { ...storage, ...patch } });

  return (
    <section className="ed-form-editor" aria-label="Form editor">
      <div role="tablist" aria-label="Form settings" className="ed-tabs">
        {names.map((name) => (
          <button
            key={name}
            id={`${id}-tab-${name}`}
            role="tab"
            type="button"
            aria-selected={tab === name}
            aria-controls={`${id}-panel`}
            data-fieldset={FORM_FIELDSETS[name]}
            className="ed-tab"
            onClick={() => setTab(name)}
          >
            {FIELDSET_LABELS[name]}
            {problems.some((p) =>
              name === 'build'
                ? p.path.startsWith('fields')
                : name === 'storage' && p.path.startsWith('storage'),
            ) && ' •'}
          </button>
        ))}
      </div>
      <div
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-${tab}`}
        className="ed-form-editor__panel"
      >
        {tab === 'build' && (
          <>
            <Field id={`${id}-name`} label="Form name" error={problemAt('name')}>
              <input
                id={`${id}-name`}
                className="ed-input"
                value={form.name}
                maxLength={100}
                disabled={isReadOnly}
                onChange={(e) => onChange({ ...form, name: e.target.value })}
              />
            </Field>
            <BuildFieldset {...props} problems={problems} />
          </>
        )}
        {tab === 'storage' && (
          <fieldset disabled={isReadOnly} className="ed-form-editor__storage">
            <legend>Where submissions go</legend>
            <Toggle
              id={`${id}-inbox`}
              label="The site's submissions inbox (always on)"
              checked
              disabled
              onChange={() => {}}
            />
            <Toggle
              id={`${id}-email`}
              label="Email me each submission"
              checked={storage.email.enabled}
              onChange={(enabled) => setStorage({ email: { ...storage.email, enabled } })}
            />
            {storage.email.enabled && (
              <Field id={`${id}-to`} label="Send to (comma-separated)" error={problemAt('storage.email')}>
                <input
                  id={`${id}-to`}
                  className="ed-input"
                  value={storage.email.recipients.join(', ')}
                  onChange={(e) =>
                    setStorage({
                      email: {
                        ...storage.email,
                        recipients: e.target.value
                          .split(',')
                          .map((s) => s.trim())
                          .filter(Boolean),
                      },
                    })
                  }
                />
              </Field>
            )}
            <Toggle
              id={`${id}-list`}
              label="Add the submitter's email to a mailing list"
              checked={storage.mailingList.enabled}
              onChange={(enabled) => setStorage({ mailingList: { ...storage.mailingList, enabled } })}
            />
            {storage.mailingList.enabled &&
              (lists.length === 0 ? (
                <p className="ed-muted">You don't have any mailing lists, create one before continuing.</p>
              ) : (
                <>
                  <Field id={`${id}-listid`} label="Mailing list" error={problemAt('storage.mailingList')}>
                    <select
                      id={`${id}-listid`}
                      className="ed-input"
                      value={storage.mailingList.listId}
                      onChange={(e) =>
                        setStorage({ mailingList: { ...storage.mailingList, listId: e.target.value } })
                      }
                    >
                      <option value="">Choose a list</option>
                      {lists.map((l) => (
                        <option key={l.id} value={l.id}>
                          {l.name}
                        </option>
                      ))}
                    </select>
                  </Field>
                  <Toggle
                    id={`${id}-optin`}
                    label="Double opt-in (send a confirmation email first)"
                    checked={storage.mailingList.doubleOptIn}
                    onChange={(doubleOptIn) =>
                      setStorage({ mailingList: { ...storage.mailingList, doubleOptIn } })
                    }
                  />
                </>
              ))}
          </fieldset>
        )}
        {tab === 'advanced' && (
          <fieldset disabled={isReadOnly}>
            <legend>After submitting</legend>
            <Field id={`${id}-message`} label="Submission message">
              <textarea
                id={`${id}-message`}
                className="ed-input"
                rows={3}
                value={form.parsedSubmissionMessage}
                onChange={(e) => onChange({ ...form, parsedSubmissionMessage: e.target.value })}
              />
            </Field>
            <Field id={`${id}-redirect`} label="Redirect to (optional)">
              <input
                id={`${id}-redirect`}
                className="ed-input"
                value={form.successRedirect}
                onChange={(e) => onChange({ ...form, successRedirect: e.target.value })}
              />
            </Field>
          </fieldset>
        )}
        {tab === 'captcha' && (
          <fieldset disabled={isReadOnly}>
            <legend>Captcha</legend>
            <Toggle
              id={`${id}-captcha`}
              label="Ask visitors to complete a captcha"
              checked={form.captchaEnabled}
              onChange={(captchaEnabled) => onChange({ ...form, captchaEnabled })}
            />
            <Field id={`${id}-theme`} label="Theme">
              <select
                id={`${id}-theme`}
                className="ed-input"
                value={form.captchaTheme}
                onChange={(e) =>
                  onChange({ ...form, captchaTheme: e.target.value as EditorForm['captchaTheme'] })
                }
              >
                <option value="light">Light</option>
                <option value="dark">Dark</option>
              </select>
            </Field>
            <Field id={`${id}-align`} label="Alignment">
              <select
                id={`${id}-align`}
                className="ed-input"
                value={form.captchaAlignment}
                onChange={(e) =>
                  onChange({ ...form, captchaAlignment: e.target.value as EditorForm['captchaAlignment'] })
                }
              >
                <option value="left">Left</option>
                <option value="center">Center</option>
                <option value="right">Right</option>
              </select>
            </Field>
          </fieldset>
        )}
        {tab === 'disclaimer' && (
          <Field id={`${id}-disclaimer`} label="Disclaimer shown above the button">
            <textarea
              id={`${id}-disclaimer`}
              className="ed-input"
              rows={4}
              disabled={isReadOnly}
              value={form.parsedDisclaimerMessage}
              onChange={(e) => onChange({ ...form, parsedDisclaimerMessage: e.target.value })}
            />
          </Field>
        )}
      </div>
    </section>
  );
}
