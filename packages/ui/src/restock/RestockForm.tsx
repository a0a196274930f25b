import { useState, type FormEvent, type Ref } from 'react';
import { Button, Checkbox, FieldError, Input, Label, TextField } from 'react-aria-components';
import type { MerchandisingContext } from '@site/commerce-core';
import { restockEmailError, restockFailureMessage, restockSuccessMessage } from '@site/forms';
import { uiMessages } from '../messages';

export interface RestockSubmission {
  email: string;
  /** The checkbox value when the block shows one, else false. */
  isJoinMailingList: boolean;
}

/** The parts of the product's merchandising context the block reads. */
export type RestockMerchandising = Partial<
  Pick<
    MerchandisingContext,
    | 'mailingListSignUpEnabled'
    | 'mailingListOptInByDefault'
    | 'restockNotificationMessages'
    | 'restockSuccessText'
  >
>;

export interface RestockFormProps {
  merchandising?: RestockMerchandising;
  /**
   * Sends the sign-up (bot check included). Reject with the server's message as a string, an
   * object with `serverMessage`, or an HTTP-client error carrying `response.data.message`; any
   * other rejection shows "Unable to submit form. Please try again later."
   */
  onSubmit: (submission: RestockSubmission) => Promise<void>;
  /**
   * When the site has its captcha on: the element the page renders the provider's widget into,
   * inside the form just above the submit button. React keeps one element for the form's life,
   * so the widget is rendered once.
   */
  captchaRef?: Ref<HTMLDivElement>;
  /** What the visitor already typed into the page's own form before this one replaced it. */
  initialEmail?: string;
  /**
   * A signed-in member signs up with their account's email (storefront.md §7, the account call):
   * no email field, no mailing-list choice; `onSubmit` gets an empty email.
   */
  signedIn?: boolean;
}

/** The server's message out of whatever the caller rejected with (storefront.md §7, §8). */
export function restockServerMessage(error: unknown): string | undefined {
  if (typeof error === 'string') return error;
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { serverMessage?: unknown; response?: { data?: { message?: unknown } } };
  const message = e.serverMessage ?? e.response?.data?.message;
  return typeof message === 'string' ? message : undefined;
}

type Status =
  { kind: 'idle' } | { kind: 'submitting' } | { kind: 'failed'; message: string } | { kind: 'done' };

/**
 * Back-in-stock sign-up block (storefront.md §2, §4, §5, §8). Validation errors belong to the
 * email field (aria-invalid, described by the message); a failed send is announced as an alert.
 * On success everything but the call-to-action text is replaced by the success message.
 */
export function RestockForm({
  merchandising = {},
  onSubmit,
  captchaRef,
  signedIn = false,
  initialEmail = '',
}: RestockFormProps) {
  const texts = merchandising.restockNotificationMessages;
  const showMailingList = !signedIn && merchandising.mailingListSignUpEnabled === true;
  const [email, setEmail] = useState(initialEmail);
  const [join, setJoin] = useState(merchandising.mailingListOptInByDefault === true);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (status.kind === 'submitting') return;
    // The earlier error goes first, so a repeated failure is announced again.
    setEmailError(undefined);
    setStatus({ kind: 'idle' });
    const invalid = signedIn ? undefined : restockEmailError(email);
    if (invalid) {
      setEmailError(invalid);
      return;
    }
    setStatus({ kind: 'submitting' });
    try {
      await onSubmit({ email: email.trim(), isJoinMailingList: showMailingList && join });
      setStatus({ kind: 'done' });
    } catch (error) {
      setStatus({ kind: 'failed', message: restockFailureMessage(restockServerMessage(error)) });
    }
  };

  const successText = restockSuccessMessage(merchandising.restockSuccessText ?? texts?.successText);
  const cta = texts?.CTAText || uiMessages.restockCta;

  return (
    <div className="sqs-restock" data-state={status.kind}>
      <p className="sqs-restock__cta">{cta}</p>
      <div role="status" className="sqs-restock__success">
        {status.kind === 'done' ? successText : null}
      </div>
      {status.kind === 'done' ? null : (
        <form className="sqs-restock__form" noValidate onSubmit={(e) => void submit(e)}>
          {signedIn ? null : (
            <TextField
              className="sqs-field"
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={setEmail}
              isInvalid={emailError !== undefined}
              validationBehavior="aria"
            >
              <Label className="sqs-field__label">{uiMessages.restockEmailLabel}</Label>
              <Input
                className="sqs-input"
                placeholder={texts?.placeholderText || uiMessages.restockEmailPlaceholder}
              />
              <FieldError className="sqs-field__error">{emailError}</FieldError>
            </TextField>
          )}
          {showMailingList ? (
            <Checkbox className="sqs-checkbox" isSelected={join} onChange={setJoin} name="isJoinMailingList">
              <span className="sqs-checkbox__box" aria-hidden="true" />
              {texts?.mailingListDescription || uiMessages.restockJoinMailingList}
            </Checkbox>
          ) : null}
          {captchaRef ? <div className="form-captcha sqs-restock__captcha" ref={captchaRef} /> : null}
          <Button
            type="submit"
            className="sqs-button sqs-restock__submit"
            isPending={status.kind === 'submitting'}
          >
            {texts?.buttonText || uiMessages.restockButton}
          </Button>
          <p role="alert" className="sqs-restock__error">
            {status.kind === 'failed' ? status.message : null}
          </p>
        </form>
      )}
    </div>
  );
}
