import { formatMinorWithSymbol, messages as commerceMessages } from '@site/commerce-core';
import { formatMoneyText, moneyExample } from '@site/commerce-core/admin';
import { DONATE_PATH, DONATION_CONFIRMED_PATH } from '@site/page-content';
import { compile, type Template } from '@site/template-engine';
import type { Database } from '../db/client';
import type { WebsiteRow } from '../site/site-data';
import { PAGE_TYPE } from '../site/page-type';
import { donationAmount, donationReference, findDonation, findDonationBlock } from './donation-store';

export interface DonationPage {
  status: number;
  pageType: number;
  /** The page's main content, rendered inside the site layout. */
  html: string;
}

let donateTemplate: Template | undefined;
let confirmedTemplate: Template | undefined;

// The form the storefront's donate script sends (apps/storefront/src/donate). The amount is one
// field for the server: the chosen suggestion's value, or what the donor typed.
const donateSource = () =>
  (donateTemplate ??= compile(
    [
      '<section class="donate-page" aria-labelledby="donate-title">',
      '{.section block}',
      '{.section fund}<p class="donate-page__fund">{@|htmltag}</p>{.end}',
      '<h1 id="donate-title">{title|htmltag}</h1>',
      '{.section description}<p class="donate-page__lead">{@|htmltag|line-breaks}</p>{.end}',
      '<form class="donate-form" data-donate-form data-block-id="{id|htmlattr}" data-currency="{currency|htmlattr}" novalidate>',
      '<p class="form-error" role="alert" tabindex="-1" hidden></p>',
      '<fieldset class="donate-form__amounts" aria-describedby="donate-amount-error"><legend>Amount</legend>',
      '{.section amounts}<div class="donate-form__choices">{.repeated section @}<label class="donate-form__choice"><input type="radio" name="choice" value="{value|htmlattr}"{.if chosen} checked{.end}><span>{label|htmltag}</span></label>{.end}</div>{.end}',
      '{.section custom}<div class="donate-field"><label for="donate-custom">{.if hasAmounts}Or type your own amount{.or}Your amount{.end} ({currency})</label>',
      '<p class="field-hint" id="donate-custom-hint">{minimumText|htmltag}</p>',
      '<input id="donate-custom" name="customAmount" inputmode="decimal" autocomplete="off" maxlength="40" placeholder="{example|htmlattr}" aria-describedby="donate-custom-hint donate-amount-error"></div>{.end}',
      '<p class="field-error" id="donate-amount-error" data-error-for="amount" hidden></p>',
      '</fieldset>',
      '<div class="donate-field"><label for="donate-name">Your name</label><input id="donate-name" name="name" autocomplete="name" maxlength="200" required aria-describedby="donate-name-error"><p class="field-error" id="donate-name-error" data-error-for="name" hidden></p></div>',
      '<div class="donate-field"><label for="donate-email">Email for your receipt</label><input id="donate-email" name="email" type="email" autocomplete="email" maxlength="254" required aria-describedby="donate-email-error"><p class="field-error" id="donate-email-error" data-error-for="email" hidden></p></div>',
      // The script shows the fields of the site's processor: these test-card fields, or Stripe's.
      '<fieldset class="donate-form__card" data-payment-fields="test" hidden><legend>Card</legend>',
      '<p class="field-hint">Test payments: use 4242 4242 4242 4242, any future date and any three digits. No money is taken.</p>',
      '<div class="donate-field"><label for="donate-card">Card number</label><input id="donate-card" name="cardNumber" inputmode="numeric" autocomplete="cc-number" maxlength="23" aria-describedby="donate-card-error"><p class="field-error" id="donate-card-error" data-error-for="cardNumber" hidden></p></div>',
      '<div class="donate-form__row">',
      '<div class="donate-field"><label for="donate-expiry">Expiry (MM/YY)</label><input id="donate-expiry" name="expiry" autocomplete="cc-exp" maxlength="7" aria-describedby="donate-expiry-error"><p class="field-error" id="donate-expiry-error" data-error-for="expiry" hidden></p></div>',
      '<div class="donate-field"><label for="donate-cvc">Security code</label><input id="donate-cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" aria-describedby="donate-cvc-error"><p class="field-error" id="donate-cvc-error" data-error-for="cvc" hidden></p></div>',
      '</div></fieldset>',
      '<fieldset class="donate-form__card" data-payment-fields="stripe" hidden><legend>Card</legend><div class="donate-form__payment-element" data-stripe-host></div></fieldset>',
      '<button class="button button--primary button--medium donate-form__submit" type="submit">{buttonLabel|htmltag}</button>',
      '<p class="donate-page__note">A donation is a gift, not a purchase: no tax or delivery is added.</p>',
      '</form>',
      '{.or}<h1 id="donate-title">Donate</h1><p>{unavailable}</p><p><a href="/">Back to the home page</a></p>{.end}',
      '</section>',
    ].join(''),
  ));

const confirmedSource = () =>
  (confirmedTemplate ??= compile(
    [
      '<section class="donate-page donate-page--confirmed" aria-labelledby="donate-title">',
      '{.section donation}',
      // A Stripe donation the bank has not confirmed yet (3-D Secure, a slow method) or refused.
      '{.if refused}<h1 id="donate-title">Your donation did not go through</h1>',
      '<p class="donate-page__lead" role="alert">The payment of <strong class="donate-page__amount">{amount|htmltag}</strong> was refused: {refused|htmltag} Nothing has been charged.</p>',
      '<p><a class="button button--primary button--medium" href="{retryUrl|htmlattr}">Try again</a></p>',
      '{.or}{.if waiting}<h1 id="donate-title">Thank you, {donorName|htmltag}</h1>',
      '<p class="donate-page__lead" role="status">Your donation of <strong class="donate-page__amount">{amount|htmltag}</strong>{.section fund} to {@|htmltag}{.end} is waiting for your bank to confirm the payment. Your receipt will follow by email once it does.</p>',
      '{.or}<h1 id="donate-title">Thank you, {donorName|htmltag}</h1>',
      '<p class="donate-page__lead" role="status">Your donation of <strong class="donate-page__amount">{amount|htmltag}</strong>{.section fund} to {@|htmltag}{.end} has been received.</p>',
      '{.end}{.end}',
      // A refused payment took nothing either way: the test note would only muddle that.
      '{.if refused}{.or}{.if testMode}<p class="donate-page__test">This was a test donation: no money was taken.</p>{.end}',
      '<dl class="donate-page__details"><dt>Reference</dt><dd>{reference|htmltag}</dd><dt>{.if waiting}Receipt to{.or}Receipt sent to{.end}</dt><dd>{email|htmltag}</dd></dl>',
      '<p><a class="button button--outline button--medium" href="/">Back to the home page</a></p>{.end}',
      '{.or}<h1 id="donate-title">Donation not found</h1><p>Use the link from your receipt email.</p>{.end}',
      '</section>',
    ].join(''),
  ));

/**
 * The donate page (203) at `/commerce/donate?block=…[&amount=…]` and the contribution confirmed
 * page (204) at `/commerce/donate/confirmed?donation=…&token=…`; undefined for any other path.
 * Both are personal (the query picks what they show), so never cached.
 */
export async function donationPage(
  db: Database,
  website: WebsiteRow,
  path: string,
  query: Readonly<Record<string, string>>,
): Promise<DonationPage | undefined> {
  if (path === DONATE_PATH) {
    const block = query.block ? await findDonationBlock(db, website, query.block) : undefined;
    if (!block)
      return {
        status: 404,
        pageType: PAGE_TYPE.donate,
        html: donateSource().render({ unavailable: commerceMessages.donationUnavailable }).html,
      };
    const money = { currency: block.currency, locale: block.locale };
    const picked = /^\d{1,12}$/.test(query.amount ?? '') ? BigInt(query.amount!) : undefined;
    const { rules } = block;
    const view = {
      ...block,
      // The donor's chosen suggestion travels as the site's own way of writing it, which the server reads back.
      amounts: rules.suggested.map((minor) => ({
        value: formatMoneyText(minor, money),
        label: formatMinorWithSymbol(minor, block.currency),
        chosen: minor === picked,
      })),
      custom: rules.allowCustom
        ? {
            currency: block.currency,
            hasAmounts: rules.suggested.length > 0,
            example: moneyExample(money),
            minimumText:
              rules.minimum > 1n
                ? `At least ${formatMinorWithSymbol(rules.minimum, block.currency)}.`
                : 'Any amount above zero.',
          }
        : undefined,
    };
    return { status: 200, pageType: PAGE_TYPE.donate, html: donateSource().render({ block: view }).html };
  }
  if (path === DONATION_CONFIRMED_PATH) {
    const found =
      query.donation && query.token
        ? await findDonation(db, website.id, query.donation, query.token)
        : undefined;
    const donation = found && {
      donorName: found.donorName,
      amount: donationAmount(found),
      fund: found.fund || undefined,
      email: found.email,
      reference: donationReference(found.id),
      testMode: found.testMode,
      waiting: found.status === 'pending',
      refused: (found.status === 'pending' && found.paymentError) || undefined,
      retryUrl: `${DONATE_PATH}?block=${encodeURIComponent(found.blockId)}&amount=${found.amountCents}`,
    };
    return {
      status: donation ? 200 : 404,
      pageType: PAGE_TYPE.contributionConfirmed,
      html: confirmedSource().render({ donation }).html,
    };
  }
  return undefined;
}

/** Where the donor goes once paid: the contribution confirmed page, opened by the donation's token. */
export const confirmedUrl = (id: string, token: string) =>
  `${DONATION_CONFIRMED_PATH}?donation=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}`;
