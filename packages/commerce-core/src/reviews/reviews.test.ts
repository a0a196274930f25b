import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import {
  countLinks,
  isVerifiedBuyer,
  REVIEW_TEXT_MAX_LENGTH,
  REVIEW_REQUEST_DAYS,
  ReviewModerationSchema,
  reviewRequestExpired,
  ReviewRequestSubmissionSchema,
  reviewAverageText,
  reviewCountText,
  ReviewSubmissionSchema,
  summarizeRatings,
} from './index';

const valid = { rating: 5, title: 'Lovely', text: 'Warm and soft.', name: 'Ada', email: 'Ada@Example.com ' };

const firstMessage = (input: unknown) => {
  const r = ReviewSubmissionSchema.safeParse(input);
  return r.success ? undefined : r.error.issues[0]!.message;
};

describe('ReviewSubmissionSchema', () => {
  it('accepts a review and normalises the email', () => {
    const r = ReviewSubmissionSchema.parse(valid);
    expect(r.email).toBe('ada@example.com');
    expect(r.rating).toBe(5);
  });

  it.each([
    ['rating 0', { ...valid, rating: 0 }, messages.reviewRatingMissing],
    ['rating 6', { ...valid, rating: 6 }, messages.reviewRatingMissing],
    ['rating 4.5', { ...valid, rating: 4.5 }, messages.reviewRatingMissing],
    ['rating as text', { ...valid, rating: '5' }, messages.reviewRatingMissing],
    ['no rating', { ...valid, rating: undefined }, messages.reviewRatingMissing],
    ['blank text', { ...valid, text: '   ' }, messages.reviewTextBlank],
    [
      'text too long',
      { ...valid, text: 'a'.repeat(REVIEW_TEXT_MAX_LENGTH + 1) },
      'Keep your review under 5000 characters.',
    ],
    ['title too long', { ...valid, title: 't'.repeat(121) }, 'Keep the title under 120 characters.'],
    ['blank name', { ...valid, name: '' }, messages.reviewNameBlank],
    ['long name', { ...valid, name: 'n'.repeat(81) }, 'Keep your name under 80 characters.'],
    ['bad email', { ...valid, email: 'ada@' }, messages.reviewEmailInvalid],
    [
      'NUL in text',
      { ...valid, text: 'a\u0000b' },
      'text must not contain NUL characters or unpaired UTF-16 surrogates',
    ],
    [
      'lone surrogate in name',
      { ...valid, name: 'a\uD800' },
      'text must not contain NUL characters or unpaired UTF-16 surrogates',
    ],
    [
      'three links',
      { ...valid, text: 'see http://a.test https://b.test www.c.test' },
      'Reviews can hold at most 2 links. Remove some and try again.',
    ],
  ])('%s → %s', (_name, input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('refuses unknown fields', () => {
    expect(ReviewSubmissionSchema.safeParse({ ...valid, status: 'approved' }).success).toBe(false);
  });

  it('never throws on any JSON value (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(() => ReviewSubmissionSchema.safeParse(v)).not.toThrow();
      }),
    );
  });

  it('accepts every integer rating 1–5 and any safe text within limits (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.string({ minLength: 1, maxLength: 200 }).filter((s) => s.trim().length > 0 && countLinks(s) <= 2),
        (rating, text) => {
          const r = ReviewSubmissionSchema.safeParse({ ...valid, rating, text });
          expect(r.success).toBe(!text.includes('\u0000'));
        },
      ),
    );
  });
});

describe('ReviewModerationSchema', () => {
  it.each([
    [{ status: 'approved' }, true],
    [{ status: 'hidden', reply: 'Thanks!' }, true],
    [{ reply: '' }, true],
    [{}, false],
    [{ status: 'deleted' }, false],
    [{ reply: 'r'.repeat(2001) }, false],
  ])('%j → %s', (input, ok) => {
    expect(ReviewModerationSchema.safeParse(input).success).toBe(ok);
  });
});

describe('isVerifiedBuyer', () => {
  const orders = [
    { email: 'ada@example.com', paid: true, productIds: ['p1', 'p2'] },
    { email: 'bob@example.com', paid: false, productIds: ['p1'] },
  ];
  it.each([
    ['ada@example.com', 'p1', true],
    ['  ADA@example.COM', 'p2', true],
    ['ada@example.com', 'p3', false],
    ['bob@example.com', 'p1', false],
    ['eve@example.com', 'p1', false],
  ])('%s buying %s → %s', (email, product, verified) => {
    expect(isVerifiedBuyer(email, product, orders)).toBe(verified);
  });
});

describe('summarizeRatings', () => {
  it.each([
    [[], { count: 0, average: null, distribution: [0, 0, 0, 0, 0] }],
    [[5], { count: 1, average: 5, distribution: [0, 0, 0, 0, 1] }],
    [[5, 4], { count: 2, average: 4.5, distribution: [0, 0, 0, 1, 1] }],
    [[5, 4, 4], { count: 3, average: 4.3, distribution: [0, 0, 0, 2, 1] }],
    [[1, 2, 3, 0, 6, 2.5], { count: 3, average: 2, distribution: [1, 1, 1, 0, 0] }],
  ])('%j', (ratings, summary) => {
    expect(summarizeRatings(ratings)).toEqual(summary);
  });

  it('the average stays within 1–5 and the spread adds up to the count (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 })), (ratings) => {
        const s = summarizeRatings(ratings);
        expect(s.count).toBe(ratings.length);
        expect(s.distribution.reduce((a, b) => a + b, 0)).toBe(ratings.length);
        if (s.average !== null) {
          expect(s.average).toBeGreaterThanOrEqual(1);
          expect(s.average).toBeLessThanOrEqual(5);
        }
      }),
    );
  });
});

describe('texts', () => {
  it.each([
    [0, 'No reviews yet'],
    [1, '1 review'],
    [12, '12 reviews'],
  ])('%d → %s', (n, text) => expect(reviewCountText(n)).toBe(text));
  it('average', () => expect(reviewAverageText(4)).toBe('Rated 4.0 out of 5'));
});

describe('ReviewRequestSubmissionSchema (the reviews-request page)', () => {
  const item = { productId: 'p1', rating: 4, text: 'Good.' };
  const request = { sig: 's', name: 'Ada', reviews: [item] };
  const first = (input: unknown) => {
    const r = ReviewRequestSubmissionSchema.safeParse(input);
    return r.success
      ? undefined
      : { path: r.error.issues[0]!.path.join('.'), message: r.error.issues[0]!.message };
  };

  it('accepts one review per rated item under one name', () => {
    const r = ReviewRequestSubmissionSchema.parse({
      ...request,
      reviews: [item, { ...item, productId: 'p2' }],
    });
    expect(r.reviews.map((x) => [x.productId, x.title])).toEqual([
      ['p1', ''],
      ['p2', ''],
    ]);
  });

  it.each([
    ['nothing rated', { ...request, reviews: [] }, '', messages.reviewRequestNothingRated],
    [
      'reviews not a list',
      { ...request, reviews: { 0: item } },
      'reviews',
      messages.reviewRequestNothingRated,
    ],
    ['an item twice', { ...request, reviews: [item, item] }, 'reviews', messages.reviewRequestTwice],
    [
      'no rating',
      { ...request, reviews: [{ ...item, rating: undefined }] },
      'reviews.0.rating',
      messages.reviewRatingMissing,
    ],
    [
      'blank text',
      { ...request, reviews: [{ ...item, text: ' ' }] },
      'reviews.0.text',
      messages.reviewTextBlank,
    ],
    ['blank name', { ...request, name: '' }, 'name', messages.reviewNameBlank],
    ['no signature', { ...request, sig: '' }, 'sig', messages.reviewRequestInvalid],
    ['an unknown field', { ...request, email: 'a@b.test' }, '', undefined],
    [
      'spam links',
      { ...request, reviews: [{ ...item, text: 'http://a.test http://b.test http://c.test' }] },
      'reviews.0.text',
      'Reviews can hold at most 2 links. Remove some and try again.',
    ],
  ])('%s is refused', (_name, input, path, message) => {
    const issue = first(input);
    expect(issue).toBeDefined();
    if (path) expect(issue!.path).toBe(path);
    if (message) expect(issue!.message).toBe(message);
  });

  it('never throws on any input', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        expect(() => ReviewRequestSubmissionSchema.safeParse(input)).not.toThrow();
      }),
    );
  });
});

describe('reviewRequestExpired', () => {
  const shipped = new Date('2026-01-01T00:00:00Z');
  const day = 24 * 60 * 60 * 1000;
  it.each([
    ['the day it shipped', shipped.getTime(), false],
    ['the last day', shipped.getTime() + REVIEW_REQUEST_DAYS * day, false],
    ['a moment after', shipped.getTime() + REVIEW_REQUEST_DAYS * day + 1, true],
  ])('%s → %s', (_name, now, expired) => expect(reviewRequestExpired(shipped, new Date(now))).toBe(expired));
  it('an order not yet shipped has not started counting', () =>
    expect(reviewRequestExpired(null, new Date('2030-01-01'))).toBe(false));
});
