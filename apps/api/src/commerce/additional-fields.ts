import {
  formSchema,
  messages as formMessages,
  mismatchedFieldIds,
  validateFormValues,
  type FormValues,
} from '@site/forms';
import { ApiError } from '../http';

/**
 * Checks a cart entry's answers against the product's additional-fields form with the same rules
 * the browser ran (@site/forms), so a crafted request cannot skip a required field.
 */
export function checkAdditionalFields(
  productDetails: Record<string, unknown>,
  answers: Record<string, unknown> | null,
): void {
  const parsed = formSchema.safeParse(productDetails.additionalFieldsForm);
  if (!parsed.success) return;
  const values = (answers ?? {}) as FormValues;
  if (mismatchedFieldIds(parsed.data, values).length > 0) {
    throw new ApiError(400, 'INVALID_FIELDS', formMessages.submitFieldsUnparseable);
  }
  const fieldErrors = validateFormValues(parsed.data, values);
  if (Object.keys(fieldErrors).length > 0) {
    throw new ApiError(400, 'INVALID_FIELDS', formMessages.fieldsInvalid, { fieldErrors });
  }
}
