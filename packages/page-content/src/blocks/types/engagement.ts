import { z } from 'zod';
import { LIMITS } from '../../limits';
import { messages } from '../../messages';
import { text } from '../../text';
import { defineBlock } from '../define-block';
import { FORM_FIELDS_TEMPLATE } from './form-fields';

export const formBlock = defineBlock({
  type: 'form',
  code: 9,
  label: 'Form',
  category: 'more',
  description: 'One of the site’s forms, such as a contact form.',
  settings: z.object({
    formId: text(200).default(''),
    buttonLabel: text(100).default('Submit'),
  }),
  fields: [
    { key: 'formId', label: 'Form', kind: 'form' },
    { key: 'buttonLabel', label: 'Button label', kind: 'text', maxLength: 100 },
  ],
  references: (s) => ({ forms: s.formId ? [s.formId] : [] }),
  view: (s, data) => {
    const form = data.forms.get(s.formId);
    return { ...s, form: form && { ...form, id: s.formId } };
  },
  template: siteFormTemplate('form-block', '', 'Choose a form to show'),
});

/**
 * A site form with the markers the storefront's form script reads to validate and send it (the
 * contact page renders the form block too): whatever block shows it, it posts through the forms flow.
 */
function siteFormTemplate(className: string, before: string, empty: string, after = ''): string {
  return (
    `<div class="${className} site-form-block" data-site-form-block>${before}{.section form}<form class="site-form" data-site-form data-form-id="{id|htmlattr}" data-form-model="{@|json|htmlattr}" novalidate>` +
    FORM_FIELDS_TEMPLATE +
    `{.section parsedDisclaimerMessage}<div class="form-disclaimer">{@|htmltag}</div>{.end}<p class="form-error" role="alert" hidden></p><button class="button button--primary button--medium form-submit" type="submit">{buttonLabel|htmltag}</button></form><div class="form-submission-message" tabindex="-1" hidden></div>{.or}<div class="block-empty">${empty}</div>{.end}${after}</div>`
  );
}

export const reservationBlock = defineBlock({
  type: 'reservation',
  code: 66,
  label: 'Reservation',
  category: 'more',
  description: 'Table bookings: guests fill in one of the site’s forms (date, time, number of guests…).',
  settings: z.object({
    title: text(LIMITS.maxShortText).default('Book a table'),
    intro: text(LIMITS.maxLongText).default('Tell us when you would like to come and how many you are.'),
    formId: text(200).default(''),
    buttonLabel: text(100).default('Request a booking'),
    note: text(LIMITS.maxShortText).default(''),
  }),
  fields: [
    { key: 'title', label: 'Title', kind: 'text', maxLength: LIMITS.maxShortText },
    { key: 'intro', label: 'Introduction', kind: 'textarea', maxLength: LIMITS.maxLongText, rows: 3 },
    { key: 'formId', label: 'Booking form', kind: 'form' },
    { key: 'buttonLabel', label: 'Button label', kind: 'text', maxLength: 100 },
    {
      key: 'note',
      label: 'Note under the form',
      kind: 'text',
      maxLength: LIMITS.maxShortText,
      placeholder: 'For groups over 8, please call us.',
    },
  ],
  summary: (s) => s.title,
  references: (s) => ({ forms: s.formId ? [s.formId] : [] }),
  view: (s, data) => {
    const form = data.forms.get(s.formId);
    return { ...s, form: form && { ...form, id: s.formId } };
  },
  template: siteFormTemplate(
    'reservation-block',
    '{.section title}<h2 class="reservation-block__title">{@|htmltag}</h2>{.end}{.section intro}<p class="reservation-block__intro">{@|htmltag|line-breaks}</p>{.end}',
    messages.blocks.reservationNoForm,
    '{.section note}<p class="reservation-block__note">{@|htmltag}</p>{.end}',
  ),
});

export const newsletterBlock = defineBlock({
  type: 'newsletter',
  code: 51,
  label: 'Newsletter',
  category: 'more',
  description: 'An email sign-up for the site’s mailing list.',
  settings: z.object({
    title: text(LIMITS.maxShortText).default('Join our newsletter'),
    description: text(LIMITS.maxLongText).default('New products and workshop dates, once a month.'),
    buttonLabel: text(100).default('Sign up'),
    /** The site's mailing list sign-ups join; '' until the owner connects one. */
    listId: text(200).default(''),
    /** Sign-ups get a confirmation email and join only once they follow its link. */
    doubleOptIn: z.boolean().default(true),
  }),
  fields: [
    { key: 'title', label: 'Title', kind: 'text', maxLength: LIMITS.maxShortText },
    { key: 'description', label: 'Description', kind: 'textarea', maxLength: LIMITS.maxLongText, rows: 3 },
    { key: 'buttonLabel', label: 'Button label', kind: 'text', maxLength: 100 },
    { key: 'listId', label: 'Mailing list', kind: 'mailing-list', doubleOptInKey: 'doubleOptIn' },
  ],
  // The honeypot field is hidden from people and screen readers; bots fill it in.
  template:
    '<div class="newsletter-block" data-newsletter-block{.if doubleOptIn} data-double-opt-in{.end}><h2>{title|htmltag}</h2>{.section description}<p>{@|htmltag}</p>{.end}<form class="newsletter-form" novalidate><label class="visually-hidden" for="newsletter-email">Email address</label><input id="newsletter-email" type="email" name="email" placeholder="Email address" autocomplete="email" aria-describedby="newsletter-email-error"><div class="newsletter-form__trap" aria-hidden="true"><input type="text" name="website" tabindex="-1" autocomplete="off"></div><button class="button button--primary button--medium" type="submit">{buttonLabel|htmltag}</button><p class="field-error" id="newsletter-email-error" role="alert" hidden></p></form><p class="form-submission-message" tabindex="-1" hidden></p></div>',
});
