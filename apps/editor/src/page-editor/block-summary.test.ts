import { describe, expect, it } from 'vitest';
import { createBlock } from '@site/page-content';
import { blockSummary } from './BlockList';

describe('blockSummary', () => {
  it('sums up a Text block edited as rich text by its words', () => {
    const block = {
      id: 'b1',
      type: 'text',
      settings: { text: '', html: '<p>Open <em>every</em> Saturday</p>' },
    };
    expect(blockSummary(block)).toBe('Open every Saturday');
  });
  it('keeps the older plain text first and cuts long text at 60 characters', () => {
    expect(blockSummary({ id: 'b2', type: 'text', settings: { text: 'Plain', html: '' } })).toBe('Plain');
    expect(
      blockSummary({ id: 'b3', type: 'text', settings: { html: `<p>${'word '.repeat(30)}</p>` } }),
    ).toHaveLength(60);
  });
  it('is empty for a block with no words', () => {
    expect(blockSummary({ id: 'b4', type: 'text', settings: { html: '<p></p>' } })).toBe('');
  });
  it.each([
    ['menu', {}, '3 dishes · Starters, Mains'],
    ['countdown', { endsAt: '2027-01-31T18:00' }, 'Until 2027-01-31 18:00'],
    ['marquee', { text: 'Open late on Fridays' }, 'Open late on Fridays'],
    ['pricing-plan', {}, 'Taster, Regular'],
    ['reservation', { title: 'Book for Sunday lunch' }, 'Book for Sunday lunch'],
    ['donation', { fund: 'Roof appeal' }, 'Roof appeal'],
  ])('tells a %s block apart by what it shows', (type, settings, summary) => {
    const block = createBlock(type);
    expect(blockSummary({ ...block, settings: { ...block.settings, ...settings } })).toBe(summary);
  });
});
