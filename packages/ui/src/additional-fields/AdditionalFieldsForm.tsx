import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  Button,
  Checkbox,
  CheckboxGroup,
  FieldError,
  Input,
  Label,
  Radio,
  RadioGroup,
  Text,
  TextArea,
  TextField,
} from 'react-aria-components';
import { fillMessage, messages as commerceMessages } from '@site/commerce-core';
import {
  characterCount,
  collectFormValues,
  messages as formMessages,
  validateFormValues,
  type FieldErrors,
  type FormField,
  type FormValues,
} from '@site/forms';
import { uiMessages } from '../messages';

/** What `onSubmit` may resolve to; resolving nothing (or no errors) means the values were saved. */
export interface AdditionalFieldsSubmitResult {
  /** Server validation: field id → message, shown above that field's title. */
  fieldErrors?: FieldErrors;
}

export interface AdditionalFieldsFormProps {
  /** The product's form model (@site/forms formSchema output); only `fields` is read. */
  form: { fields: FormField[] };
  /** Values to start from, e.g. an entry's saved answers when editing it from the cart. */
  initialValues?: FormValues;
  /** Receives collectFormValues output once client validation passes. */
  onSubmit: (values: FormValues) => Promise<AdditionalFieldsSubmitResult | void>;
  submitLabel?: string;
  /** Shown when onSubmit rejects; e.g. "Unable to update form" when editing a cart entry. */
  failureMessage?: string;
}

type RawInput = Record<string, string[]>;

const TEXT_INPUT_TYPES: Partial<Record<FormField['type'], string>> = {
  email: 'email',
  website: 'url',
  password: 'password',
};

/** Raw per-part input from saved values, the inverse of collectFormValues for editing. */
function rawFromValues(fields: readonly FormField[], values: FormValues | undefined): RawInput {
  const raw: RawInput = {};
  if (!values) return raw;
  for (const field of fields) {
    const value = Object.hasOwn(values, field.id) ? values[field.id] : undefined;
    if (value === undefined) continue;
    if (typeof value === 'string') raw[field.id] = [value];
    else if (Array.isArray(value)) raw[field.id] = [...value];
    else if (field.type === 'likert')
      raw[field.id] = field.options.map((statement) => value[statement] ?? '');
  }
  return raw;
}

/**
 * A product's additional-fields form (storefront.md §4, §5), rendered from the @site/forms model
 * and validated with the same rules the API applies. Messages sit above each field's title as the
 * spec places server errors; the summary under the fields is announced as an alert.
 */
export function AdditionalFieldsForm({
  form,
  initialValues,
  onSubmit,
  submitLabel = commerceMessages.addToCartFormButton,
  failureMessage = commerceMessages.unableToAddItem,
}: AdditionalFieldsFormProps) {
  const idPrefix = useId();
  const [raw, setRaw] = useState<RawInput>(() => rawFromValues(form.fields, initialValues));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const setField = (id: string, parts: string[]) => setRaw((r) => ({ ...r, [id]: parts }));
  const text = (id: string) => raw[id]?.[0] ?? '';

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (saving) return;
    setErrors({});
    setFailure(undefined);
    const values = collectFormValues(form, raw);
    const clientErrors = validateFormValues(form, values);
    if (Object.keys(clientErrors).length > 0) {
      setErrors(clientErrors);
      return;
    }
    setSaving(true);
    try {
      const result = await onSubmit(values);
      if (result?.fieldErrors && Object.keys(result.fieldErrors).length > 0) setErrors(result.fieldErrors);
    } catch {
      setFailure(failureMessage);
    } finally {
      setSaving(false);
    }
  };

  const renderField = (field: FormField): ReactNode => {
    const error = errors[field.id];
    const common = {
      key: field.id,
      className: `sqs-field sqs-field--${field.type}`,
      isRequired: field.required,
      isInvalid: error !== undefined,
      validationBehavior: 'aria' as const,
    };
    // The error comes before the label: the spec puts field messages above the field's title.
    const head = (
      <>
        <FieldError className="sqs-field__error">{error}</FieldError>
        <Label className="sqs-field__label">
          {field.title || field.id}
          {field.required ? <span className="sqs-field__required"> {uiMessages.requiredMark}</span> : null}
        </Label>
        {field.description ? (
          <Text slot="description" className="sqs-field__description">
            {field.description}
          </Text>
        ) : null}
      </>
    );
    switch (field.type) {
      case 'hidden':
        return null;
      case 'section':
        return (
          <div key={field.id} className="sqs-form-section" data-underline={field.underline || undefined}>
            <h3 className="sqs-form-section__title">{field.title}</h3>
            {field.description ? <p className="sqs-field__description">{field.description}</p> : null}
          </div>
        );
      case 'textarea': {
        const counter = characterCount(text(field.id), field.maxLength ?? 0);
        const counterId = `${idPrefix}-${field.id}-count`;
        return (
          <TextField
            {...common}
            value={text(field.id)}
            onChange={(v) => setField(field.id, [v])}
            aria-describedby={counter ? counterId : undefined}
          >
            {head}
            <TextArea className="sqs-input sqs-textarea" />
            {counter ? (
              <span
                id={counterId}
                className="sqs-char-counter"
                data-over-limit={counter.overLimit || undefined}
              >
                <span aria-hidden="true">{counter.label}</span>
                {/* "12 / 200" read aloud is ambiguous; the description says what it counts. */}
                <span className="sqs-visually-hidden">
                  {fillMessage(uiMessages.characterCount, { count: counter.count, max: counter.max })}
                </span>
              </span>
            ) : null}
          </TextField>
        );
      }
      case 'select': {
        const selectId = `${idPrefix}-${field.id}`;
        const errorId = `${selectId}-error`;
        return (
          <div key={field.id} className={common.className}>
            {error ? (
              <span id={errorId} className="sqs-field__error">
                {error}
              </span>
            ) : null}
            <label htmlFor={selectId} className="sqs-field__label">
              {field.title || field.id}
              {field.required ? (
                <span className="sqs-field__required"> {uiMessages.requiredMark}</span>
              ) : null}
            </label>
            <select
              id={selectId}
              className="sqs-input sqs-select"
              value={text(field.id)}
              required={field.required}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => setField(field.id, [e.target.value])}
            >
              <option value="">{uiMessages.selectPlaceholder}</option>
              {field.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
        );
      }
      case 'radio':
        return (
          <RadioGroup {...common} value={text(field.id) || null} onChange={(v) => setField(field.id, [v])}>
            {head}
            {field.options.map((option) => (
              <Radio key={option} value={option} className="sqs-radio">
                <span className="sqs-radio__dot" aria-hidden="true" />
                {option}
              </Radio>
            ))}
          </RadioGroup>
        );
      case 'checkbox':
        return (
          <CheckboxGroup {...common} value={raw[field.id] ?? []} onChange={(v) => setField(field.id, v)}>
            {head}
            {field.options.map((option) => (
              <Checkbox key={option} value={option} className="sqs-checkbox">
                <span className="sqs-checkbox__box" aria-hidden="true" />
                {option}
              </Checkbox>
            ))}
          </CheckboxGroup>
        );
      default:
        // text, email, number, website, … and every type without its own control (multi-part,
        // phone, currency, likert): one plain input, whose value collectFormValues takes as-is.
        return (
          <TextField
            {...common}
            type={TEXT_INPUT_TYPES[field.type] ?? 'text'}
            inputMode={field.type === 'number' ? 'decimal' : undefined}
            value={text(field.id)}
            onChange={(v) => setField(field.id, [v])}
          >
            {head}
            <Input className="sqs-input" />
          </TextField>
        );
    }
  };

  const hasErrors = Object.keys(errors).length > 0;
  return (
    <form
      className="sqs-additional-fields"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-busy={saving || undefined}
    >
      {form.fields.map(renderField)}
      <p role="alert" className="sqs-additional-fields__summary">
        {hasErrors ? commerceMessages.updateMissingInformation : (failure ?? null)}
      </p>
      <Button type="submit" className="sqs-button sqs-additional-fields__submit" isPending={saving}>
        {saving ? formMessages.saving : submitLabel}
      </Button>
    </form>
  );
}
