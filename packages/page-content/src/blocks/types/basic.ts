import { z } from 'zod';
import { LIMITS } from '../../limits';
import { messages } from '../../messages';
import { linkedPageIds, resolvePageLinks } from '../../rich-text/links';
import { sanitizeRichText } from '../../rich-text/sanitize';
import { href, text } from '../../text';
import { ALIGN_OPTIONS, defineBlock } from '../define-block';
import { ACCORDION_VARIANTS, QUOTE_VARIANTS, variantSchema } from './variants';

const align = z.enum(['left', 'center', 'right']).default('left');
const link = href(LIMITS.maxUrlLength, messages.invalidLink);

export const headingBlock = defineBlock({
  type: 'heading',
  code: 2,
  label: 'Heading',
  category: 'basic',
  description: 'A title for a section of the page.',
  settings: z.object({
    text: text(LIMITS.maxShortText).default('A heading'),
    level: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).default(2),
    align,
  }),
  fields: [
    { key: 'text', label: 'Text', kind: 'text', maxLength: LIMITS.maxShortText },
    {
      key: 'level',
      label: 'Style',
      kind: 'select',
      options: [
        { value: 1, label: 'Heading 1' },
        { value: 2, label: 'Heading 2' },
        { value: 3, label: 'Heading 3' },
        { value: 4, label: 'Heading 4' },
      ],
    },
    { key: 'align', label: 'Alignment', kind: 'select', options: ALIGN_OPTIONS },
  ],
  template:
    '{.equal? level 1}<h1 class="align-{align}">{text|htmltag}</h1>{.or}{.equal? level 3}<h3 class="align-{align}">{text|htmltag}</h3>{.or}{.equal? level 4}<h4 class="align-{align}">{text|htmltag}</h4>{.or}<h2 class="align-{align}">{text|htmltag}</h2>{.end}{.end}{.end}',
});

export const textBlock = defineBlock({
  type: 'text',
  code: 2,
  label: 'Text',
  category: 'basic',
  description: 'Formatted text: paragraphs, headings, lists, quotes and links.',
  settings: z.object({
    // Before rich text, a block held plain text split into paragraphs; it is shown while `html`
    // is empty, and the editor turns it into HTML on the first edit.
    text: text(LIMITS.maxLongText).default('Write something your visitors will enjoy reading.'),
    // Sanitised on every parse, so whatever a client sends, only the toolbar's markup is stored.
    html: text(LIMITS.maxRichText).transform(sanitizeRichText).default(''),
    align,
  }),
  fields: [
    { key: 'html', label: 'Text', kind: 'richtext', maxLength: LIMITS.maxRichText, plainTextKey: 'text' },
    { key: 'align', label: 'Alignment', kind: 'select', options: ALIGN_OPTIONS },
  ],
  view: (s, data) => ({
    align: s.align,
    // Sanitised again here: the editor's preview renders settings no schema has parsed yet.
    html: s.html === '' ? '' : resolvePageLinks(sanitizeRichText(s.html), data.pages ?? new Map()),
    paragraphs: plainParagraphs(s.text),
  }),
  references: (s) => ({ pages: linkedPageIds(s.html) }),
  template:
    '<div class="text-block align-{align}">{.if html}{html}{.or}{.repeated section paragraphs}<p>{@|htmltag|line-breaks}</p>{.end}{.end}</div>',
});

/** Plain text's paragraphs: split on blank lines; single line breaks stay inside a paragraph. */
export function plainParagraphs(value: string): string[] {
  return value
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

export const buttonBlock = defineBlock({
  type: 'button',
  code: 53,
  label: 'Button',
  category: 'basic',
  description: 'A call to action that links to a page or another site.',
  settings: z.object({
    label: text(100).default('Learn more'),
    href: link.default('/'),
    style: z.enum(['primary', 'secondary', 'outline']).default('primary'),
    size: z.enum(['small', 'medium', 'large']).default('medium'),
    align,
    newWindow: z.boolean().default(false),
  }),
  fields: [
    { key: 'label', label: 'Label', kind: 'text', maxLength: 100 },
    {
      key: 'href',
      label: 'Link',
      kind: 'url',
      maxLength: LIMITS.maxUrlLength,
      placeholder: '/shop or https://…',
    },
    {
      key: 'style',
      label: 'Style',
      kind: 'select',
      options: [
        { value: 'primary', label: 'Primary' },
        { value: 'secondary', label: 'Secondary' },
        { value: 'outline', label: 'Outline' },
      ],
    },
    {
      key: 'size',
      label: 'Size',
      kind: 'select',
      options: [
        { value: 'small', label: 'Small' },
        { value: 'medium', label: 'Medium' },
        { value: 'large', label: 'Large' },
      ],
    },
    { key: 'align', label: 'Alignment', kind: 'select', options: ALIGN_OPTIONS },
    { key: 'newWindow', label: 'Open in New Window', kind: 'toggle' },
  ],
  template:
    '<div class="button-block align-{align}"><a class="button button--{style} button--{size}" href="{href|htmlattr}"{.if newWindow} target="_blank" rel="noopener"{.end}>{label|htmltag}</a></div>',
});

export const quoteBlock = defineBlock({
  type: 'quote',
  code: 31,
  label: 'Quote',
  category: 'basic',
  description: 'A quotation with its source: plain, a large pull quote or a card.',
  variants: QUOTE_VARIANTS,
  settings: z.object({
    text: text(LIMITS.maxLongText).default('Good tools make good work.'),
    source: text(LIMITS.maxShortText).default(''),
    // Quotes saved before variants were all the classic layout.
    variant: variantSchema(QUOTE_VARIANTS),
  }),
  fields: [
    { key: 'text', label: 'Quote', kind: 'textarea', maxLength: LIMITS.maxLongText, rows: 4 },
    { key: 'source', label: 'Source', kind: 'text', maxLength: LIMITS.maxShortText },
    { key: 'variant', label: 'Layout', kind: 'select', options: QUOTE_VARIANTS },
  ],
  template:
    '<figure class="quote-block quote-block--{variant}"><blockquote><p>{text|htmltag|line-breaks}</p></blockquote>{.section source}<figcaption>— {@|htmltag}</figcaption>{.end}</figure>',
});

export const spacerBlock = defineBlock({
  type: 'spacer',
  code: 21,
  label: 'Spacer',
  category: 'layout',
  description: 'Empty space between blocks.',
  settings: z.object({ height: z.number().int().min(8).max(400).default(48) }),
  fields: [{ key: 'height', label: 'Height', kind: 'number', min: 8, max: 400, step: 8, unit: 'px' }],
  template: '<div class="spacer-block" style="height:{height}px" aria-hidden="true"></div>',
});

export const lineBlock = defineBlock({
  type: 'line',
  code: 47,
  label: 'Line',
  category: 'layout',
  description: 'A horizontal rule between blocks.',
  settings: z.object({}),
  fields: [],
  template: '<hr class="line-block">',
});

export const codeBlock = defineBlock({
  type: 'code',
  code: 23,
  label: 'Code',
  category: 'more',
  description: 'Code shown as text, keeping its spacing.',
  settings: z.object({
    code: text(LIMITS.maxLongText).default('console.log("hello");'),
    language: z.enum(['plain', 'html', 'css', 'javascript', 'json']).default('plain'),
  }),
  fields: [
    { key: 'code', label: 'Code', kind: 'code', maxLength: LIMITS.maxLongText, languageKey: 'language' },
    {
      key: 'language',
      label: 'Language',
      kind: 'select',
      options: [
        { value: 'plain', label: 'Plain text' },
        { value: 'html', label: 'HTML' },
        { value: 'css', label: 'CSS' },
        { value: 'javascript', label: 'JavaScript' },
        { value: 'json', label: 'JSON' },
      ],
    },
  ],
  // Shown, never run: visitors' browsers only ever see the code as text.
  template: '<pre class="code-block" data-language="{language}"><code>{code|htmltag}</code></pre>',
});

export const accordionBlock = defineBlock({
  type: 'accordion',
  code: 69,
  label: 'Accordion',
  category: 'layout',
  description: 'Questions and answers that open on click, between lines or in boxes.',
  variants: ACCORDION_VARIANTS,
  settings: z.object({
    variant: variantSchema(ACCORDION_VARIANTS),
    items: z
      .array(z.object({ title: text(LIMITS.maxShortText), body: text(LIMITS.maxLongText) }))
      .max(LIMITS.maxListItems)
      .default([
        {
          title: 'How long does shipping take?',
          body: 'Orders leave our workshop within two business days.',
        },
        {
          title: 'Can I return an item?',
          body: 'Yes, within 30 days, unused and in its original packaging.',
        },
      ]),
  }),
  fields: [
    { key: 'variant', label: 'Layout', kind: 'select', options: ACCORDION_VARIANTS },
    {
      key: 'items',
      label: 'Items',
      kind: 'list',
      itemLabel: 'Item',
      maxItems: LIMITS.maxListItems,
      fields: [
        { key: 'title', label: 'Title', kind: 'text', maxLength: LIMITS.maxShortText },
        { key: 'body', label: 'Text', kind: 'textarea', maxLength: LIMITS.maxLongText, rows: 3 },
      ],
    },
  ],
  template:
    '<div class="accordion-block accordion-block--{variant}">{.repeated section items}<details><summary>{title|htmltag}</summary><p>{body|htmltag|line-breaks}</p></details>{.end}</div>',
});
