import { describe, expect, it } from 'vitest';
import { compile, render } from '../../template';

const html = (source: string, data: unknown, locale?: string) => {
  const r = render(source, data, locale === undefined ? {} : { locale });
  expect(r.errors).toEqual([]);
  return r.html.trim();
};
const usd = (value: string) => ({ value, currency: 'USD' });

describe('price formatters', () => {
  it('shows a single price, a sale and a from price', () => {
    expect(
      html('{@|product-price}', {
        structuredContent: { productType: 1, variants: [{ priceMoney: usd('1234.5') }] },
      }),
    ).toBe('<div class="product-price">\n<span class="sqs-money-native">1,234.50</span>\n</div>');
    expect(
      html('{@|product-price}', {
        structuredContent: { productType: 2, onSale: true, priceMoney: usd('10'), salePriceMoney: usd('8') },
      }),
    ).toContain(
      'Sale Price:</span><span class="sqs-money-native">8.00</span> <span class="visually-hidden v6-visually-hidden">Original Price:</span><span class="original-price"><span class="sqs-money-native">10.00</span></span>',
    );
    expect(
      html('{@|product-price}', {
        structuredContent: {
          productType: 1,
          variants: [
            { price: 100, priceMoney: usd('1') },
            { price: 200, priceMoney: usd('2') },
          ],
        },
      }),
    ).toContain('from <span class="sqs-money-native">1.00</span>');
  });

  it.each([
    ['no product type', { structuredContent: {} }],
    ['an unknown product type', { structuredContent: { productType: 99 } }],
    ['a number', 5],
    ['text', 'x'],
  ])('prints the zero price for %s, as the reference', (_name, value) => {
    expect(html('{v|product-price}', { v: value })).toBe(
      '<div class="product-price">\n<span class="sqs-money-native">0.00</span>\n</div>',
    );
  });

  it.each([
    ['on with a label', { freeIfZero: true, freeLabel: 'Free <b>' }, 'Free &lt;b&gt;'],
    ['on without a label', { freeIfZero: true }, undefined],
    ['off with a label', { freeIfZero: false, freeLabel: 'Free' }, undefined],
  ])('shows the owner’s free label for a zero price when %s', (_name, storeSettings, label) => {
    const item = (value: string) => ({
      websiteSettings: { storeSettings },
      item: { structuredContent: { productType: 1, variants: [{ priceMoney: usd(value) }] } },
    });
    const zero = html('{item|product-price}', item('0.00'));
    if (label) expect(zero).toContain(`<span class="product-price__free">${label}</span>`);
    else expect(zero).toContain('<span class="sqs-money-native">0.00</span>');
    // A price that is not zero is always the amount.
    expect(html('{item|product-price}', item('0.01'))).toContain('0.01');
  });

  it('prints no price for the undefined product type (-1)', () => {
    expect(html('{v|product-price}', { v: { structuredContent: { productType: -1 } } })).toBe(
      '<div class="product-price">\n\n</div>',
    );
  });

  it('uses localized labels, escaped', () => {
    const out = html('{@|product-price}', {
      localizedStrings: { salePriceText: 'Solde <b>', originalPriceText: 'Avant' },
      structuredContent: { productType: 2, onSale: true, priceMoney: usd('10'), salePriceMoney: usd('8') },
    });
    expect(out).toContain('Solde &lt;b&gt;');
    expect(out).toContain('Avant');
  });

  it('formats with CLDR when the site opts in', () => {
    const data = {
      featureFlags: { useCLDRMoneyFormat: true },
      structuredContent: { productType: 2, priceMoney: { value: '2500', currency: 'EUR' } },
    };
    expect(html('{@|product-price}', data)).toBe('<div class="product-price">\n€2,500.00\n</div>');
    expect(html('{@|product-price}', data, 'de-DE')).toContain('2.500,00');
  });

  it('words subscriptions and shows Unavailable for a missing plan', () => {
    const sub = (plan: unknown) => ({
      structuredContent: {
        productType: 1,
        isSubscribable: true,
        subscriptionPlan: plan,
        variants: [{ price: 100, priceMoney: usd('1') }],
      },
    });
    expect(
      html('{@|product-price}', sub({ billingPeriod: { unit: 'WEEK', value: 2 }, numBillingCycles: 26 })),
    ).toContain('every 2 weeks for 1 year');
    expect(html('{@|product-price}', sub({ billingPeriod: { unit: 'DAY', value: 1 } }))).toBe(
      '<div class="product-price">\nUnavailable\n\n</div>',
    );
  });

  it.each([
    ['from-price', '750'],
    ['normal-price', '900'],
    ['sale-price', '750'],
  ])('%s gives legacy cents', (fmt, out) => {
    const item = {
      structuredContent: {
        productType: 1,
        variants: [{ priceMoney: usd('9'), onSale: true, salePriceMoney: usd('7.50') }],
      },
    };
    expect(html(`{@|${fmt}}`, item)).toBe(out);
  });

  it('shows the subscription price of the cheapest variant', () => {
    const item = {
      structuredContent: {
        productType: 1,
        variants: [
          {
            price: 500,
            priceMoney: usd('5'),
            pricingOptions: [{ priceMoney: usd('4.50'), onSale: true, salePriceMoney: usd('4') }],
          },
        ],
      },
    };
    const out = html('{@|subscription-price}', item);
    expect(out).toContain('<span class="sqs-money-native">4.00</span>');
    expect(out).toContain('<span class="original-price"><span class="sqs-money-native">4.50</span></span>');
  });
});

describe('money formatters', () => {
  it.each([
    ['{m|money}', { m: { decimalValue: '1234.5', currencyCode: 'USD' } }, '$1,234.50'],
    // The code after the amount, as in the reference.
    ['{m|money style:code}', { m: { value: '3', currency: 'EUR' } }, '3.00 EUR'],
    ['{m|money style:code}', { m: { value: '-1234.5', currency: 'JPY' } }, '-1,234 JPY'],
    // A code CLDR does not know (or not written as one): no symbol, its place kept, two digits.
    ['[{m|money}]', { m: { value: '12.5', currency: 'XYZ' } }, '[\u00a012.50]'],
    ['{m|money}', { m: { value: '-12.5', currency: 'XYZ' } }, '-\u00a012.50'],
    ['[{m|money}]', { m: { value: '12.5', currency: 'usd' } }, '[\u00a012.50]'],
    ['[{m|money}]', { m: { value: '12.5', currency: '' } }, '[\u00a012.50]'],
    ['{m|money style:accounting}', { m: { value: '-12.5', currency: 'QQQ' } }, '(\u00a012.50)'],
    ['[{m|money style:name}]', { m: { value: '12.5', currency: 'QQQ' } }, '[12.50 ]'],
    ['{m|money style:code}', { m: { value: '12.5', currency: 'QQQ' } }, '12.50 QQQ'],
    // Historic codes CLDR still names are known.
    ['{m|money}', { m: { value: '12.5', currency: 'BYR' } }, 'BYR\u00a012'],
    ['{m|money}', { m: { value: '3' } }, ''],
    ['{m|money}', { m: { value: '14.5', currency: 'JPY' } }, '¥14'],
    ['{m|money}', { m: { value: '15.5', currency: 'JPY' } }, '¥16'],
    ['{m|money}', { m: { value: '1.005', currency: 'USD' } }, '$1.00'],
    ['{m|money round:half-up}', { m: { value: '14.5', currency: 'JPY' } }, '¥15'],
    ['{c|money-format}', { c: 123456 }, '1,234.56'],
    ['{c|moneyFormat}', { c: '5' }, '0.05'],
    ['{c|money-string}', { c: 123456 }, '$1,234.56'],
    [
      '{c|money-string}',
      { c: 123456, websiteSettings: { storeSettings: { selectedCurrency: 'SEK' } } },
      '1,234.56 kr',
    ],
    ['{c|money-string}', { c: { value: '10', currency: 'ILS' } }, '₪ 10.00'],
    [
      '{c|i18n-money-format}',
      { c: 123456, websiteSettings: { storeSettings: { selectedCurrency: 'JPY' } } },
      '¥123,456',
    ],
    ['{c|bookkeeper-money-format}', { c: 12345 }, '$123.45'],
    // Half a cent to even, as the reference: 12.5 cents is $0.12, 14.5 cents $0.14.
    ['{c|bookkeeper-money-format}|{d|bookkeeper-money-format}', { c: 12.5, d: '-14.5' }, '$0.12|-$0.14'],
    // Money text is no number for `decimal` (spaces around the digits), as in the reference.
    ['[{m|money|decimal}]', { m: { value: '12.5', currency: 'usd' } }, '[]'],
    ['{n|percentage-format}', { n: '12.3456' }, '12.346'],
    ['{n|percentage-format trim}', { n: 5 }, '5'],
    ['{n|percentage-format}', { n: 2.0005 }, '2.00'],
    ['{n|percentage-format}', { n: '2.0015' }, '2.002'],
    ['{n|percentage-format}', { n: '-9.9995' }, '-10.00'],
    ['{n|percentage-format}', { n: '0.00051' }, '0.001'],
  ])('%s', (tpl, data, out) => expect(html(tpl, data)).toBe(out));

  it('formats every money of a list in its own currency and the render locale', () => {
    const t = compile('{.repeated section ms}{@|money}|{.end}');
    const ms = [
      usd('1'),
      { value: '1', currency: 'EUR' },
      usd('1'),
      { value: '1', currency: 'XYZ' },
      usd('2'),
    ];
    expect(t.render({ ms }).html).toBe('$1.00|€1.00|$1.00|\u00a01.00|$2.00|');
    expect(t.render({ ms }, { locale: 'de-DE' }).html).toBe(
      '1,00\u00a0$|1,00\u00a0€|1,00\u00a0$|1,00\u00a0|2,00\u00a0$|',
    );
  });

  it('keeps legacy texts apart per store currency', () => {
    const t = compile('{c|money-string}');
    const store = (selectedCurrency: string) => ({
      c: 1250,
      websiteSettings: { storeSettings: { selectedCurrency } },
    });
    expect(t.render(store('USD')).html).toBe('$12.50');
    expect(t.render(store('JPY')).html).toBe('¥1,250');
    expect(t.render(store('USD')).html).toBe('$12.50');
  });

  const legacy = ['money-format', 'moneyFormat', 'money-string', 'i18n-money-format'];
  const noMoney: [string, unknown][] = [
    ['an empty object', {}],
    ['a currency without an amount', { currency: 'EUR' }],
    ['a currency code without a decimal value', { currencyCode: 'EUR' }],
    ['a null amount', { value: null, currency: 'USD' }],
    ['an empty amount', { value: '', currency: 'USD' }],
    ['a null decimal value', { decimalValue: null, currencyCode: 'USD' }],
    ['an amount that is not a decimal', { value: 'abc', currency: 'USD' }],
    ['null', null],
    ['an empty string', ''],
    ['text', 'abc'],
    ['a boolean', true],
    ['a list', [1]],
  ];
  it.each(legacy.flatMap((fmt) => noMoney.map(([what, c]) => [fmt, what, c] as const)))(
    '%s prints nothing for %s',
    (fmt, _what, c) => {
      expect(html(`{c|${fmt}}`, { c })).toBe('');
      expect(html(`{c|${fmt}}`, { c }, 'de-DE')).toBe('');
    },
  );
  it.each(legacy)('%s prints nothing for a missing value or a scope without money', (fmt) => {
    expect(html(`{missing|${fmt}}`, {})).toBe('');
    expect(html(`{@|${fmt}}`, {})).toBe('');
    expect(html(`{.section s}{@|${fmt}}{.end}`, { s: { title: 'x' } })).toBe('');
  });
  it.each([
    ['money-format', { value: '0', currency: 'USD' }, '0.00'],
    ['money-format', 0, '0.00'],
    ['money-format', '0', '0.00'],
    ['moneyFormat', { decimalValue: '1.5', currencyCode: 'USD' }, '1.50'],
    ['moneyFormat', { value: null, decimalValue: '3', currencyCode: 'USD' }, '3.00'],
    ['money-string', { value: '0', currency: 'EUR' }, '€0.00'],
    ['money-string', { value: 2 }, '$2.00'],
    ['money-string', -150, '-$1.50'],
    ['i18n-money-format', { value: '0.00', currency: 'USD' }, '$0.00'],
    ['i18n-money-format', 0, '$0.00'],
    ['i18n-money-format', { decimalValue: '12', currencyCode: 'JPY' }, '¥12'],
  ])('%s still prints zero and other amounts: %j', (fmt, c, out) =>
    expect(html(`{c|${fmt}}`, { c })).toBe(out),
  );

  it('uses the locale region currency for bookkeeping and renders nothing without locale data', () => {
    expect(html('{c|bookkeeper-money-format}', { c: 12345 }, 'en-GB')).toBe('£123.45');
    expect(html('{c|bookkeeper-money-format}', { c: 12345 }, 'none')).toBe('');
    expect(html('{n|percentage-format}', { n: 1 }, 'none')).toBe('');
  });
});

describe('product markup formatters', () => {
  const item = {
    id: 'p"1',
    collectionId: 'c1',
    structuredContent: {
      productType: 1,
      useCustomAddButtonText: true,
      customAddButtonText: 'Buy <now>',
      variantOptionOrdering: ['Size'],
      variants: [
        { attributes: { Size: 'S "small"' }, qtyInStock: 1 },
        { attributes: { Size: 'L' }, qtyInStock: 5 },
      ],
    },
  };

  it('reads product fields the value lacks from the enclosing scopes', () => {
    const scoped = html('{.section item}{extra|add-to-cart-btn}{.end}', { item, extra: 'x' });
    expect(scoped).toBe(html('{item|add-to-cart-btn}', { item }));
    const checkout = html('{.section item}{extra|product-checkout}{.end}', { item, extra: 'x' });
    expect(checkout).toBe(html('{item|product-checkout}', { item }));
    expect(checkout).toContain('data-item-id="p&quot;1"');
  });

  it.each([
    ['quantity-input', 'text'],
    ['variants-select', 'text'],
    // A digital product is never sold out and here not on sale: no mark.
    ['product-status', { structuredContent: { productType: 2 } }],
  ])('%s with nothing to show leaves the value missing for the next formatter', (name, v) => {
    expect(html(`{v|${name}|json}`, { v })).toBe('');
    expect(html(`[{v|${name}}]`, { v })).toBe('[]');
  });

  it('passes the value through when the product has no scarcity settings', () => {
    expect(html('{item.id|product-scarcity}', { item })).toBe('p"1');
    const merch = { productMerchandisingContext: { 'p"1': { scarcityEnabled: false } } };
    expect(html('{item|product-scarcity|json}', { item: { id: 'p"1' }, ...merch })).toBe('{"id":"p\\"1"}');
  });

  it('escapes data in the add-to-cart button', () => {
    const out = html('{item|add-to-cart-btn}', { item });
    expect(out).toContain('data-item-id="p&quot;1"');
    expect(out).toContain('data-original-label="Buy &lt;now&gt;"');
    expect(out).toContain('<div class="sqs-add-to-cart-button-inner">Buy &lt;now&gt;</div>');
  });

  it('adds the subscription option id for subscribable products with options', () => {
    const sub = {
      id: 'p',
      structuredContent: {
        productType: 1,
        isSubscribable: true,
        productSubscriptionOptions: [{ id: 'opt1' }],
      },
    };
    expect(html('{item|add-to-cart-btn}', { item: sub })).toContain('data-subscription-option-id="opt1"');
  });

  it('escapes variant values in selects and radio buttons', () => {
    const out = html('{item|variants-select}', { item });
    expect(out).toContain('<option value="S &quot;small&quot;">S &quot;small&quot;</option>');
    expect(out).toContain('id="variant-option-Size-S &quot;small&quot;"');
    expect(out).not.toContain('"small""');
  });

  it('uses gift-card wording for gift-card variants', () => {
    const card = {
      id: 'g',
      structuredContent: {
        productType: 4,
        variantOptionOrdering: ['Value'],
        variants: [{ attributes: { Value: '25' } }, { attributes: { Value: '50' } }],
      },
    };
    const out = html('{item|variants-select}', { item: card });
    expect(out).toContain('<div class="variant-option-title">Value: </div>');
    expect(out).toContain('<option value="">Select Value</option>');
  });

  it('shows the quantity input with a localized label, honouring the service setting', () => {
    expect(
      html('{item|quantity-input}', { item, localizedStrings: { productQuantityInputLabel: 'Menge' } }),
    ).toContain('<div class="quantity-label">Menge:</div>');
    const service = { id: 's', structuredContent: { productType: 3, variants: [{ qtyInStock: 5 }] } };
    expect(html('{item|quantity-input}', { item: service })).toContain('product-quantity-input');
    expect(
      html('{item|quantity-input}', {
        item: service,
        websiteSettings: { storeSettings: { multipleQuantityAllowedForServices: false } },
      }),
    ).toBe('');
  });

  it('marks sold-out products with the custom text', () => {
    const soldOut = {
      id: 'x',
      structuredContent: { productType: 1, variants: [{ qtyInStock: 0, onSale: true }] },
    };
    expect(
      html('{item|product-status}', {
        item: soldOut,
        productMerchandisingContext: { x: { customSoldOutText: 'Gone <soon>' } },
      }),
    ).toBe('<div class="product-mark sold-out">Gone &lt;soon&gt;</div>');
    expect(
      html('{item|product-status}', { item: soldOut, localizedStrings: { productSoldOutText: 'épuisé' } }),
    ).toBe('<div class="product-mark sold-out">épuisé</div>');
  });

  it('adds the captcha container to restock forms when the site has a key', () => {
    const data = {
      item: { id: 'p' },
      website: { captchaSettings: { siteKey: 'k' } },
      productMerchandisingContext: {
        p: {
          restockNotificationViews: [{ variantId: 'v1' }],
          restockNotificationMessages: { CTAText: 'Notify <me>' },
        },
      },
    };
    const out = html('{item|product-restock-notification}', data);
    expect(out).toContain('data-variant-id="v1"');
    expect(out).toContain('<span class="product-restock-cta">Notify &lt;me&gt;</span>');
    expect(out).toContain('<div class="captcha-container"></div>');
  });

  it('renders quick view, variant descriptor and cart helpers', () => {
    expect(
      html('{item|product-quick-view}', {
        item: { id: 'a' },
        localizedStrings: { productQuickViewText: 'Voir' },
      }),
    ).toBe(
      '<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="a" data-group="">Voir</span>',
    );
    expect(html('{v|variant-descriptor}', { v: { optionValues: [{ value: 'a' }, { value: 'b' }] } })).toBe(
      'a / b',
    );
    expect(html('{cart|cart-quantity}', { cart: { entries: [{ quantity: 60 }, { quantity: 50 }] } })).toBe(
      '<span class="sqs-cart-quantity">100+</span>',
    );
    expect(html('{cart|cart-quantity}', { cart: { entries: [{ quantity: 2 }, { quantity: '3' }] } })).toBe(
      '<span class="sqs-cart-quantity">5</span>',
    );
    expect(html('{@|cart-url}', {})).toBe('/cart');
  });
});

describe('commerce predicates', () => {
  it.each([
    [
      '{.section p}{.on-sale?}y{.or}n{.end}{.end}',
      { p: { structuredContent: { productType: 1, variants: [{ onSale: true }] } } },
      'y',
    ],
    ['{.section p}{.sold-out?}y{.or}n{.end}{.end}', { p: { structuredContent: { productType: 4 } } }, 'n'],
    [
      '{.section p}{.varied-prices?}y{.or}n{.end}{.end}',
      { p: { structuredContent: { productType: 1, variants: [{ price: 1 }, { price: 2 }] } } },
      'y',
    ],
    [
      '{.section p}{.has-variants?}y{.or}n{.end}{.end}',
      { p: { structuredContent: { productType: 2, variants: [{}, {}] } } },
      'n',
    ],
    ['{.section p}{.has-multiple?}y{.or}n{.end}{.end}', { p: [1, 2] }, 'y'],
    ['{.section p}{.has-multiple?}y{.or}n{.end}{.end}', { p: [1] }, 'n'],
    ['{.section p}{.store-item?}y{.or}n{.end}{.end}', { p: { recordType: 11 } }, 'y'],
    ['{.section p}{.digital-good?}y{.or}n{.end}{.end}', { p: { recordType: 18 } }, 'y'],
    ['{.section p}{.digital-good?}y{.or}n{.end}{.end}', { p: { recordType: 11 } }, 'n'],
  ])('%s', (tpl, data, out) => expect(html(tpl, data)).toBe(out));
});
