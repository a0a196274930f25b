import { describe, expect, it } from 'vitest';
import { lineAnswers } from './order-pages';

describe('order line answers', () => {
  it('shows a gift card recipient as labelled rows, not a raw key and a comma-joined line', () => {
    const rows = lineAnswers(
      {
        giftCard: {
          recipientName: 'Ada Lovelace',
          recipientEmail: 'ada@example.com',
          senderName: 'Grace',
          message: 'Happy birthday, Ada',
          sendDate: '2026-03-05',
        },
      },
      undefined,
    );
    expect(rows).toEqual([
      { question: 'To', answer: 'Ada Lovelace (ada@example.com)' },
      { question: 'From', answer: 'Grace' },
      { question: 'Message', answer: 'Happy birthday, Ada' },
      { question: 'Sends on', answer: 'March 5, 2026' },
    ]);
  });

  it('leaves out the parts a gift card was bought without', () => {
    expect(
      lineAnswers({ giftCard: { recipientName: '', recipientEmail: 'ada@example.com' } }, undefined),
    ).toEqual([{ question: 'To', answer: 'ada@example.com' }]);
  });

  it("puts a product form's answers under its questions, in the form's order", () => {
    const asked = new Map([
      ['f-initials', 'Initials'],
      ['f-colour', 'Thread colour'],
    ]);
    expect(lineAnswers({ 'f-colour': ['Red', 'Gold'], extra: 'x', 'f-initials': ' AL ' }, asked)).toEqual([
      { question: 'Initials', answer: 'AL' },
      { question: 'Thread colour', answer: 'Red, Gold' },
      { question: 'extra', answer: 'x' },
    ]);
  });
});
