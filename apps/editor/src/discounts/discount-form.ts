import { formatMoneyText, parseMoneyText } from '@site/commerce-core/admin';
import {
  DiscountDraftSchema,
  formatMinorWithSymbol,
  type CurrencyCode,
  type DiscountDraft,
  type DiscountListItem,
} from '@site/commerce-core';

/** The discount form as the owner fills it in: amounts and counts as typed ("20", "5.50"). */
export interface DiscountForm {
  name: string;
  automatic: boolean;
  code: string;
  effect: DiscountDraft['effect']['type'];
  percent: string;
  amount: string;
  buyQuantity: string;
  getQuantity: string;
  getPercent: string;
  scope: DiscountDraft['scope']['type'];
  categories: string;
  productIds: string[];
  minimum: DiscountDraft['minimum']['type'];
  minimumAmount: string;
  minimumQuantity: string;
  startsOn: string;
  endsOn: string;
  usageLimit: string;
  perCustomerLimit: string;
  combinable: boolean;
}

export const EMPTY_FORM: DiscountForm = {
  name: '',
  automatic: false,
  code: '',
  effect: 'percentage',
  percent: '',
  amount: '',
  buyQuantity: '2',
  getQuantity: '1',
  getPercent: '100',
  scope: 'all',
  categories: '',
  productIds: [],
  minimum: 'none',
  minimumAmount: '',
  minimumQuantity: '',
  startsOn: '',
  endsOn: '',
  usageLimit: '',
  perCustomerLimit: '',
  combinable: false,
};

/** Minor units as the owner writes them: 550 USD → "5.50" ("5,50" in French), 500 JPY → "500". */
export function amountText(minor: number, currency: CurrencyCode, locale?: string): string {
  return formatMoneyText(BigInt(minor), { currency, locale });
}

/** A typed amount in the store currency's minor units, read in the owner's locale; NaN when unreadable. */
function amountOf(text: string, currency: CurrencyCode, locale: string | undefined): number {
  const read = parseMoneyText(text, { currency, locale, required: true });
  return read.ok && read.minor !== null ? Number(read.minor) : Number.NaN;
}

const percentText = (basisPoints: number) => String(basisPoints / 100);

export function formOf(d: DiscountListItem, currency: CurrencyCode, locale?: string): DiscountForm {
  return {
    ...EMPTY_FORM,
    name: d.name,
    automatic: d.code === null,
    code: d.code ?? '',
    effect: d.effect.type,
    percent: d.effect.type === 'percentage' ? percentText(d.effect.basisPoints) : EMPTY_FORM.percent,
    amount: d.effect.type === 'fixed-amount' ? amountText(d.effect.amountCents, currency, locale) : '',
    ...(d.effect.type === 'buy-x-get-y' && {
      buyQuantity: String(d.effect.buyQuantity),
      getQuantity: String(d.effect.getQuantity),
      getPercent: percentText(d.effect.basisPoints),
    }),
    scope: d.scope.type,
    categories: d.scope.type === 'categories' ? d.scope.categories.join(', ') : '',
    productIds: d.scope.type === 'products' ? d.scope.productIds : [],
    minimum: d.minimum.type,
    minimumAmount: d.minimum.type === 'subtotal' ? amountText(d.minimum.amountCents, currency, locale) : '',
    minimumQuantity: d.minimum.type === 'quantity' ? String(d.minimum.quantity) : '',
    startsOn: d.startsOn ?? '',
    endsOn: d.endsOn ?? '',
    usageLimit: d.usageLimit === null ? '' : String(d.usageLimit),
    perCustomerLimit: d.perCustomerLimit === null ? '' : String(d.perCustomerLimit),
    combinable: d.combinable,
  };
}

/**
 * A typed amount in minor units: "5.50" → 550 with 2 decimals; NaN when it is not a plain amount
 * or has more decimals than the currency ("5.555" is refused rather than rounded).
 */
export function minorOf(text: string, decimals: number): number {
  const match = /^\s*(\d{1,12})(?:\.(\d*))?\s*$/.exec(text);
  if (!match) return Number.NaN;
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return Number.NaN;
  return Number(match[1]) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
}

const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);
const optionalWhole = (text: string) => (text.trim() === '' ? null : whole(text));

export function draftOf(form: DiscountForm, currency: CurrencyCode, locale?: string): unknown {
  const effect =
    form.effect === 'percentage'
      ? { type: 'percentage', basisPoints: minorOf(form.percent, 2) }
      : form.effect === 'fixed-amount'
        ? { type: 'fixed-amount', amountCents: amountOf(form.amount, currency, locale) }
        : form.effect === 'free-shipping'
          ? { type: 'free-shipping' }
          : {
              type: 'buy-x-get-y',
              buyQuantity: whole(form.buyQuantity),
              getQuantity: whole(form.getQuantity),
              basisPoints: minorOf(form.getPercent, 2),
            };
  const scope =
    form.scope === 'all'
      ? { type: 'all' }
      : form.scope === 'categories'
        ? {
            type: 'categories',
            categories: form.categories
              .split(',')
              .map((c) => c.trim())
              .filter(Boolean),
          }
        : { type: 'products', productIds: form.productIds };
  const minimum =
    form.minimum === 'none'
      ? { type: 'none' }
      : form.minimum === 'subtotal'
        ? { type: 'subtotal', amountCents: amountOf(form.minimumAmount, currency, locale) }
        : { type: 'quantity', quantity: whole(form.minimumQuantity) };
  return {
    name: form.name,
    code: form.automatic ? null : form.code,
    effect,
    scope,
    minimum,
    startsOn: form.startsOn || null,
    endsOn: form.endsOn || null,
    usageLimit: optionalWhole(form.usageLimit),
    perCustomerLimit: optionalWhole(form.perCustomerLimit),
    combinable: !form.automatic && form.combinable,
  };
}

/** Where each refusal shows: the draft's paths mapped to the form's boxes. */
const FIELD_OF: Record<string, keyof DiscountForm> = {
  'effect.basisPoints': 'percent',
  'effect.amountCents': 'amount',
  'effect.buyQuantity': 'buyQuantity',
  'effect.getQuantity': 'getQuantity',
  'minimum.amountCents': 'minimumAmount',
  'minimum.quantity': 'minimumQuantity',
  'scope.categories': 'categories',
  'scope.productIds': 'productIds',
};

/** The owner's wording for numbers the schema refuses; the schema's own messages otherwise. */
const NUMBER_MESSAGES: Partial<Record<keyof DiscountForm, string>> = {
  percent: 'Enter a percentage from 0.01 to 100, like 20 or 12.5.',
  getPercent: 'Enter a percentage from 0.01 to 100; 100 makes them free.',
  amount: 'Enter an amount like 5 or 5.50.',
  minimumAmount: 'Enter an amount like 50 or 49.99.',
  buyQuantity: 'Enter a whole number of items, 1 or more.',
  getQuantity: 'Enter a whole number of items, 1 or more.',
  minimumQuantity: 'Enter a whole number of items, 1 or more.',
  usageLimit: 'Enter a whole number of uses, or leave it empty for no limit.',
  perCustomerLimit: 'Enter a whole number of uses, or leave it empty for no limit.',
  categories: 'Name at least one category.',
  productIds: 'Choose at least one product.',
};

export function fieldOf(path: readonly PropertyKey[]): keyof DiscountForm {
  const joined = path.map(String).join('.');
  return FIELD_OF[joined] ?? (String(path[0] ?? 'name') as keyof DiscountForm);
}

/** The draft the server would take, or the problems keyed by form field. */
export function checkForm(
  form: DiscountForm,
  currency: CurrencyCode,
  locale?: string,
): { ok: true; draft: DiscountDraft } | { ok: false; issues: Partial<Record<keyof DiscountForm, string>> } {
  const parsed = DiscountDraftSchema.safeParse(draftOf(form, currency, locale));
  if (parsed.success) return { ok: true, draft: parsed.data };
  const issues: Partial<Record<keyof DiscountForm, string>> = {};
  // An amount that cannot be read gets the money field's own message (what to type, in which currency).
  const amounts: [keyof DiscountForm, boolean][] = [
    ['amount', form.effect === 'fixed-amount'],
    ['minimumAmount', form.minimum === 'subtotal'],
  ];
  for (const [field, shown] of amounts) {
    const read = shown && parseMoneyText(String(form[field]), { currency, locale, required: true });
    if (read && !read.ok) issues[field] = read.message;
  }
  for (const issue of parsed.error.issues) {
    let field = fieldOf(issue.path);
    if (field === 'percent' && form.effect === 'buy-x-get-y') field = 'getPercent';
    issues[field] ??=
      NUMBER_MESSAGES[field] && issue.code !== 'custom' ? NUMBER_MESSAGES[field]! : issue.message;
  }
  return { ok: false, issues };
}

/** "20 % off", "$5.50 off", "Free shipping", "Buy 2, get 1 free". */
export function describeEffect(effect: DiscountDraft['effect'], currency: CurrencyCode): string {
  switch (effect.type) {
    case 'percentage':
      return `${percentText(effect.basisPoints)} % off`;
    case 'fixed-amount':
      return `${formatMinorWithSymbol(BigInt(effect.amountCents), currency)} off`;
    case 'free-shipping':
      return 'Free shipping';
    case 'buy-x-get-y':
      return `Buy ${effect.buyQuantity}, get ${effect.getQuantity} ${
        effect.basisPoints === 10_000 ? 'free' : `${percentText(effect.basisPoints)} % off`
      }`;
  }
}
