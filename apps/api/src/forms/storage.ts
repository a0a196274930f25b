import { answerText, submissionSummary, type Form, type FormStorage, type FormValues } from '@site/forms';
import type { Tx } from '../db/client';
import { queueEmail } from '../mail/queue-email';
import type { MailingListHooks, Subscribed } from '../site/hooks';

export interface StorageContext {
  at: Date;
  pagePath: string;
  /** Scheme and host links in emails start with. */
  origin: string;
}

/**
 * Fieldset 2 of a saved submission, in its transaction: the inbox row is already written; the
 * owner's notification is queued and the submitter's address joins the chosen list only if that
 * row commits. A form without an email field has no address to add, so it adds none.
 */
export async function applyStorage(
  tx: Tx,
  websiteId: string,
  form: Form & { storage: FormStorage },
  values: FormValues,
  context: StorageContext,
  mailingLists: MailingListHooks,
): Promise<Subscribed> {
  const { email, mailingList } = form.storage;
  if (email.enabled && email.recipients.length > 0) {
    const fields = submissionSummary(form.fields, values).map((s) => ({
      label: s.title,
      value: answerText(s) || s.noAnswerText,
    }));
    for (const to of email.recipients) {
      await queueEmail(tx, websiteId, 'form-notification', to, {
        formName: form.name,
        submittedAt: context.at.toISOString(),
        fields,
        pageUrl: `${context.origin}${context.pagePath.startsWith('/') ? context.pagePath : '/'}`,
      });
    }
  }
  if (!mailingList.enabled || !mailingList.listId) return {};
  const emailField = form.fields.find((f) => f.type === 'email');
  const address = emailField && values[emailField.id];
  if (typeof address !== 'string' || address.trim() === '') return {};
  return mailingLists.subscribe(tx, websiteId, {
    listId: mailingList.listId,
    email: address,
    source: 'form',
    doubleOptIn: mailingList.doubleOptIn,
    origin: context.origin,
  });
}
