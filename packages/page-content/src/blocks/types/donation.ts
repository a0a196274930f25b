import {
  DONATION_LIMITS,
  formatMinorWithSymbol,
  isCurrencyCode,
  readDonationRules,
  type CurrencyCode,
} from '@site/commerce-core';
import { z } from 'zod';
import { LIMITS } from '../../limits';
import { messages } from '../../messages';
import { text } from '../../text';
import { defineBlock, type BlockRenderData } from '../define-block';

/** The donate page (type 203); under the reserved `commerce` segment, so no owner page takes it. */
export const DONATE_PATH = '/commerce/donate';
/** The contribution confirmed page (type 204), after the payment went through. */
export const DONATION_CONFIRMED_PATH = '/commerce/donate/confirmed';

const amount = text(DONATION_LIMITS.amountText);

/** The site's currency, as the store settings in the render data name it (USD until a store has one). */
export function renderCurrency(data: BlockRenderData): CurrencyCode {
  const code = (data.websiteSettings?.storeSettings as { selectedCurrency?: unknown } | undefined)
    ?.selectedCurrency;
  return isCurrencyCode(code) ? code : 'USD';
}

const donateLink = (blockId: string, minor?: bigint) =>
  `${DONATE_PATH}?block=${encodeURIComponent(blockId)}${minor === undefined ? '' : `&amount=${minor}`}`;

export const donationBlock = defineBlock({
  type: 'donation',
  code: 68,
  label: 'Donation',
  category: 'commerce',
  description: 'Suggested amounts and a donate button: visitors give through your payment processor.',
  settings: z.object({
    title: text(LIMITS.maxShortText).default('Support our work'),
    description: text(LIMITS.maxLongText).default('Every gift, large or small, keeps us going. Thank you.'),
    /** Typed as prices are ("25", "€25", "12,50"), read in the site's currency when shown. */
    amounts: z
      .array(z.object({ amount: amount.default('') }))
      .max(DONATION_LIMITS.amounts, messages.blocks.donationTooManyAmounts(DONATION_LIMITS.amounts))
      .default([{ amount: '10' }, { amount: '25' }, { amount: '50' }, { amount: '100' }]),
    allowCustom: z.boolean().default(true),
    minimum: amount.default('5'),
    buttonLabel: text(100).default('Donate'),
    fund: text(DONATION_LIMITS.fund).default(''),
  }),
  fields: [
    { key: 'title', label: 'Title', kind: 'text', maxLength: LIMITS.maxShortText },
    { key: 'description', label: 'Description', kind: 'textarea', maxLength: LIMITS.maxLongText, rows: 3 },
    {
      key: 'amounts',
      label: 'Suggested amounts',
      kind: 'list',
      itemLabel: 'Amount',
      maxItems: DONATION_LIMITS.amounts,
      fields: [
        {
          key: 'amount',
          label: 'Amount',
          kind: 'text',
          maxLength: DONATION_LIMITS.amountText,
          placeholder: '25',
          hint: 'As you type a price: 25, 25.50, €25.',
        },
      ],
    },
    { key: 'allowCustom', label: 'Let donors type their own amount', kind: 'toggle' },
    {
      key: 'minimum',
      label: 'Smallest amount donors can type',
      kind: 'text',
      maxLength: DONATION_LIMITS.amountText,
      placeholder: '5',
      hint: 'Leave empty to take any amount above zero.',
    },
    { key: 'buttonLabel', label: 'Button label', kind: 'text', maxLength: 100 },
    {
      key: 'fund',
      label: 'Fund or campaign',
      kind: 'text',
      maxLength: DONATION_LIMITS.fund,
      placeholder: 'Roof appeal',
      hint: 'Shown to donors and on your list of donations.',
    },
  ],
  summary: (s) => s.fund.trim() || s.title,
  view: (s, data, options) => {
    const currency = renderCurrency(data);
    // The editor's preview renders settings no schema has parsed: a new amount may lack its field.
    const typed = (s.amounts as Partial<{ amount: string }>[]).map((a) => a.amount ?? '');
    const { rules, problems } = readDonationRules(
      { amounts: typed, allowCustom: s.allowCustom, minimum: s.minimum },
      { currency, locale: options.locale },
    );
    const blockId = options.blockId ?? '';
    return {
      title: s.title,
      description: s.description,
      fund: s.fund.trim(),
      amounts: rules.suggested.map((minor) => ({
        label: formatMinorWithSymbol(minor, currency),
        href: donateLink(blockId, minor),
      })),
      custom: s.allowCustom
        ? { label: s.buttonLabel.trim() || messages.blocks.donationButton, href: donateLink(blockId) }
        : undefined,
      problems,
      emptyText: messages.blocks.donationEmpty,
      empty: rules.suggested.length === 0 && !s.allowCustom,
    };
  },
  template:
    '<section class="donation-block">{.section title}<h2 class="donation-block__title">{@|htmltag}</h2>{.end}' +
    '{.section fund}<p class="donation-block__fund">{@|htmltag}</p>{.end}' +
    '{.section description}<p class="donation-block__description">{@|htmltag|line-breaks}</p>{.end}' +
    '{.if empty}<div class="block-empty">{emptyText}</div>{.or}' +
    '{.section amounts}<ul class="donation-block__amounts" aria-label="Donation amounts">{.repeated section @}<li><a class="button button--outline button--medium donation-block__amount" href="{href|htmlattr}">{label|htmltag}</a></li>{.end}</ul>{.end}' +
    '{.section custom}<a class="button button--primary button--medium donation-block__donate" href="{href|htmlattr}">{label|htmltag}</a>{.end}' +
    '{.end}' +
    '{.section problems}<div class="block-empty donation-block__problems">{.repeated section @}<p>{@|htmltag}</p>{.end}</div>{.end}' +
    '</section>',
});
