import { formSchema, type FormInput } from '@site/forms';
import type { Database } from '../db/client';
import { forms, pages } from '../db/schema';

/** A transaction or the database itself: the demo seed runs this inside its transaction. */
type Writer = Pick<Database, 'insert'>;

export const DEMO_CONTACT_FORM_ID = 'form-contact';

/**
 * The demo contact form. It exercises every rule of storefront.md §5 the storefront shows:
 * required single and multi-part fields, an email, a required select and a required checkbox
 * group, and a text area with a maximum length (so the page gets a character counter).
 */
export const DEMO_CONTACT_FORM: FormInput = {
  id: DEMO_CONTACT_FORM_ID,
  name: 'Contact us',
  fields: [
    { id: 'name', type: 'name', title: 'Name', required: true },
    { id: 'email', type: 'email', title: 'Email', required: true },
    {
      id: 'subject',
      type: 'select',
      title: 'Subject',
      required: true,
      options: ['A question about an order', 'Wholesale', 'Workshops and classes', 'Something else'],
    },
    {
      id: 'interests',
      type: 'checkbox',
      title: 'What do you make?',
      description: 'Pick at least one, so we can send the right person.',
      required: true,
      options: ['Bags and leather', 'Paper and books', 'Clothing', 'Something else'],
    },
    { id: 'message', type: 'textarea', title: 'Message', required: true, maxLength: 500 },
    // Campaign links carry ?utm_source=…; a visitor arriving directly is recorded as "direct".
    { id: 'source', type: 'hidden', key: 'utm_source', value: 'direct' },
  ],
  parsedSubmissionMessage:
    '<p>Thank you for writing. We read every message and reply within two working days.</p>',
  submissionHTML: '',
  successRedirect: '',
  parsedDisclaimerMessage: 'We only use your details to answer this message.',
  captchaEnabled: false,
};

/**
 * Stores the contact form and the /contact page that shows it. The page names the form by id; the
 * renderer loads the stored model, so an edit of the form shows on the page at once.
 */
export async function seedDemoForms(db: Writer, websiteId: string): Promise<void> {
  const model = formSchema.parse(DEMO_CONTACT_FORM);
  await db.insert(forms).values({ id: model.id, websiteId, name: model.name, model });
  await db.insert(pages).values({
    id: 'page-contact',
    websiteId,
    path: '/contact',
    title: 'Contact',
    pageType: 2,
    templateName: 'contact',
    navigationIndex: 3,
    context: {
      intro: '<p>Questions about an order, wholesale or our workshops? Write to us.</p>',
      submitLabel: 'Send message',
      formId: model.id,
    },
  });
}
