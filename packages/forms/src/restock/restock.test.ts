import { describe, expect, it } from 'vitest';
import {
  accountRestockSignUpSchema,
  restockEmailError,
  restockFailureMessage,
  restockSignUpSchema,
  restockSuccessMessage,
} from './restock';

describe('restockEmailError', () => {
  it.each([
    ['', 'Email cannot be blank'],
    ['   ', 'Email cannot be blank'],
    ['nope', 'Email is invalid'],
    ['a@b', 'Email is invalid'],
    ['shopper@example.com', undefined],
  ])('%j -> %s', (email, expected) => {
    expect(restockEmailError(email)).toBe(expected);
  });
});

describe('restock messages', () => {
  it.each([
    [undefined, 'Unable to submit form. Please try again later.'],
    ['', 'Unable to submit form. Please try again later.'],
    [{ message: 'x' }, 'Unable to submit form. Please try again later.'],
    ['Variant is in stock.', 'Variant is in stock.'],
  ])('failure with server message %j -> %s', (serverMessage, expected) => {
    expect(restockFailureMessage(serverMessage)).toBe(expected);
  });

  it.each([
    [undefined, 'Signed up!'],
    [null, 'Signed up!'],
    [' ', 'Signed up!'],
    ["We'll email you.", "We'll email you."],
  ])('success with custom text %j -> %s', (custom, expected) => {
    expect(restockSuccessMessage(custom)).toBe(expected);
  });
});

describe('restock payloads', () => {
  it('defaults isJoinMailingList to false when the block has no checkbox', () => {
    expect(
      restockSignUpSchema.parse({
        productId: 'p',
        variantId: 'v',
        siteVisitorEmail: 'a@b.cd',
        recaptchaEnterpriseV3Token: 't',
      }).isJoinMailingList,
    ).toBe(false);
  });

  it('requires product and variant ids', () => {
    expect(
      restockSignUpSchema.safeParse({
        productId: '',
        variantId: 'v',
        siteVisitorEmail: '',
        recaptchaEnterpriseV3Token: '',
      }).success,
    ).toBe(false);
    expect(accountRestockSignUpSchema.safeParse({ productId: 'p' }).success).toBe(false);
    expect(accountRestockSignUpSchema.parse({ productId: 'p', variantId: 'v', language: 'fr' })).toEqual({
      productId: 'p',
      variantId: 'v',
      language: 'fr',
    });
  });
});
