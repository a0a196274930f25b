import { composeStories } from '@storybook/react-vite';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import * as stories from './DonationsTable.stories';

afterEach(cleanup);
const { Loaded, Empty, Loading, Failed } = composeStories(stories);

describe('DonationsTable', () => {
  it('lists each donor with the amount, the date and the fund, and offers the CSV', async () => {
    const { container } = render(<Loaded />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toBe('Ada Lovelaceada@example.com$42.50 · TestNov 29, 2026Roof appeal');
    expect(rows[1]!.textContent).toContain('General');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/editor/store/donations.csv',
    );
    await expectNoAxeViolations(container);
  });

  it.each([
    ['empty', Empty, 'No donations yet'],
    ['loading', Loading, 'Loading the donations…'],
    ['failed', Failed, 'The donations could not be loaded.'],
  ])('says when the list is %s, without a CSV to download', async (_, Story, text) => {
    const { container } = render(<Story />);
    expect(container.textContent).toContain(text);
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
    await expectNoAxeViolations(container);
  });
});
