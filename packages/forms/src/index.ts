// Every top-level schema is built inside an IIFE annotated `@__PURE__`
// (`export const XSchema = <pure annotation> (() => z.object({ ... }))();`), so a bundler drops the
// schemas nobody uses, and zod with them: the browser imports the rules from this package root
// without paying for the schemas. Write new top-level schemas the same way.
export { messages, EMAIL_FORMAT_EXAMPLE, type MessageKey } from './messages';

export {
  formFieldSchema,
  textFieldSchema,
  textareaFieldSchema,
  plainFieldSchema,
  multiPartFieldSchema,
  phoneFieldSchema,
  currencyFieldSchema,
  sectionFieldSchema,
  choiceFieldSchema,
  likertFieldSchema,
  hiddenFieldSchema,
  FIELD_TYPE_PROPERTIES,
  FORM_FIELD_TYPES,
  PLAIN_FIELD_TYPES,
  MULTI_PART_FIELD_TYPES,
  type FormField,
  type FormFieldInput,
  type FormFieldType,
  type TextField,
  type TextareaField,
  type PhoneField,
  type CurrencyField,
  type SectionField,
  type ChoiceField,
  type LikertField,
  type HiddenField,
} from './form/fields';
export {
  formSchema,
  formFieldsetIdSchema,
  formFieldsetName,
  FORM_FIELDSETS,
  CAPTCHA_ALIGNMENTS,
  CAPTCHA_THEMES,
  type Form,
  type FormInput,
  type FormFieldsetId,
  type FormFieldsetName,
} from './form/form';

export {
  fieldValueSchema,
  formValuesSchema,
  submissionPageSchema,
  formSubmissionSchema,
  CONTENT_SOURCES,
  type FieldValue,
  type FormValues,
  type SubmissionPage,
  type FormSubmission,
} from './form-submission/submission';
export { collectFormValues, type RawFormInput, type CollectOptions } from './form-submission/collect';

export { isValidEmail, EMAIL_MIN_LENGTH, EMAIL_MAX_LENGTH } from './form-rules/email';
export { countCharacters } from './form-rules/characters';
export {
  validateFormValues,
  formLevelError,
  mismatchedFieldIds,
  type FieldErrors,
} from './form-rules/validate';

export {
  formSubmissionKeyResponseSchema,
  saveErrorBodySchema,
  interpretSaveResponse,
  submissionErrorMessage,
  type FormSubmissionKeyResponse,
  type SaveErrorBody,
  type SaveResponse,
  type SaveOutcome,
} from './submission-errors/save-response';
export { reviewMessage, type FormKind, type FormPosition } from './submission-errors/review-message';

export {
  restockSignUpSchema,
  accountRestockSignUpSchema,
  restockEmailError,
  restockFailureMessage,
  restockSuccessMessage,
  type RestockSignUp,
  type RestockSignUpInput,
  type AccountRestockSignUp,
} from './restock/restock';

export {
  summaryFormFieldSchema,
  summarizeFormField,
  SUMMARY_PARTS,
  type SummaryFormField,
  type SummaryAnswer,
  type FormFieldSummary,
} from './form-summary/summarize';
export {
  summaryStringsFrom,
  defaultSummaryStrings,
  SUMMARY_STRING_KEYS,
  LIKERT_ANSWERS,
  type LikertAnswer,
  type SummaryStrings,
} from './form-summary/strings';

export { parseCounterMax, characterCount, type CharacterCount } from './character-counter/counter';

export {
  CAPTCHA_ACTIONS,
  captchaFailureMessage,
  createLocalCaptchaProvider,
  type CaptchaAction,
  type CaptchaProvider,
  type LocalCaptchaProvider,
} from './submission-flow/captcha';
export {
  CAPTCHA_COMPACT_BELOW_PX,
  createScriptCaptchaProvider,
  type CaptchaContainer,
  type CaptchaScriptApi,
  type ScriptCaptchaOptions,
} from './submission-flow/script-captcha';
export {
  SUBMISSION_STEPS,
  initialSubmissionState,
  transition,
  isSubmitLocked,
  submitButtonLabel,
  type SubmissionStep,
  type SubmissionSuccess,
  type SubmissionFailure,
  type SubmissionState,
  type SubmissionEvent,
} from './submission-flow/machine';
export {
  createSubmissionFlow,
  type SubmissionTransport,
  type SubmissionFlowOptions,
  type SubmitRequest,
  type SubmissionFlow,
} from './submission-flow/flow';

export {
  FORM_EDITOR_LIMITS,
  formEditorMessages,
  editorFieldSchema,
  formStorageSchema,
  editorFormInputSchema,
  createFormInputSchema,
  formProblems,
  editableProperties,
  FIELD_TYPE_LABELS,
  newField,
  toFormModel,
  type FormEditorFeatures,
  type EditorField,
  type FormStorage,
  type FormStorageInput,
  type EditorForm,
  type EditorFormInput,
  type FormProblem,
} from './form-editor/editor-form';
export {
  FORMS_API,
  SUBMISSIONS_PAGE_SIZE,
  submissionQuerySchema,
  submissionsCsvHeader,
  submissionCsvLine,
  type SubmissionListPage,
  answerableFields,
  submissionSummary,
  answerText,
  csvCell,
  submissionsCsv,
  type FormListItem,
  type SubmissionListItem,
  type SubmissionDetail,
  type CsvSubmission,
} from './form-editor/submissions';
