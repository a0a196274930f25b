import { AdditionalFieldsForm, Lightbox, type AdditionalFieldsFormProps } from '@site/ui';
import type { FormValues } from '@site/forms';
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ApiError } from '../api';
import { storefrontMessages } from '../messages';

type FormModel = AdditionalFieldsFormProps['form'] & { name?: string };

export interface AdditionalFieldsRequest {
  form: FormModel;
  initialValues?: FormValues;
  submitLabel?: string;
  failureMessage?: string;
  /** Saves the answers; a rejection with field errors shows them in the form. */
  save(values: FormValues): Promise<void>;
}

let root: Root | undefined;

function Dialog({ request, done }: { request: AdditionalFieldsRequest; done: (saved: boolean) => void }) {
  const [open, setOpen] = useState(true);
  const close = (saved: boolean) => {
    setOpen(false);
    done(saved);
  };
  return (
    <Lightbox
      isOpen={open}
      onClose={() => close(false)}
      title={request.form.name || storefrontMessages.additionalInformation}
    >
      <AdditionalFieldsForm
        form={request.form}
        initialValues={request.initialValues}
        submitLabel={request.submitLabel}
        failureMessage={request.failureMessage}
        onSubmit={async (values) => {
          try {
            await request.save(values);
          } catch (err) {
            if (err instanceof ApiError && Object.keys(err.fieldErrors).length > 0)
              return { fieldErrors: err.fieldErrors };
            throw err;
          }
          close(true);
        }}
      />
    </Lightbox>
  );
}

/**
 * Opens a product's additional-fields form in the lightbox (storefront.md §5: after the stock
 * check). Resolves true once the answers are saved, false when the shopper closes it.
 */
export function openAdditionalFields(request: AdditionalFieldsRequest): Promise<boolean> {
  if (!root) {
    const host = document.createElement('div');
    host.id = 'sqs-additional-fields-root';
    document.body.append(host);
    root = createRoot(host);
  }
  const target = root;
  return new Promise((resolve) => {
    // A fresh key per opening resets the form's state.
    target.render(<Dialog key={Date.now()} request={request} done={resolve} />);
  });
}
