import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import * as stories from './DonationsTable.stories';

afterEach(cleanup);
const { Loaded, Empty, Loading, Failed, Refundable, RefundRefused, WithMore, LoadingMore, LoadMoreFailed } =
  composeStories(stories);

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

  it('offers Show more donations only when older ones wait, and asks for them', async () => {
    render(<Loaded />);
    expect(screen.queryByRole('button', { name: 'Show more donations' })).toBeNull();
    cleanup();
    const { container } = render(<WithMore />);
    fireEvent.click(screen.getByRole('button', { name: 'Show more donations' }));
    expect(WithMore.args.onLoadMore).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
  });

  it('keeps the rows while the next page loads, and says why it failed with the button to try again', async () => {
    render(<LoadingMore />);
    const waiting = screen.getByRole('button', { name: 'Loading more…' }) as HTMLButtonElement;
    expect(waiting.disabled).toBe(true);
    expect(screen.getAllByRole('row')).toHaveLength(4);
    cleanup();
    const { container } = render(<LoadMoreFailed />);
    expect(screen.getByRole('alert').textContent).toBe(
      'The donations could not be loaded. Check your connection.',
    );
    expect(screen.getAllByRole('row')).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'Show more donations' }));
    expect(LoadMoreFailed.args.onLoadMore).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
  });

  it('shows what went back of each donation, and no Refund button to someone who may not move money', () => {
    render(<Loaded />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[1]!.textContent).toContain('$25.00Refunded $5.00');
    expect(rows[2]!.textContent).toContain('$10.00Refunded in full');
    expect(screen.queryByRole('button', { name: /^Refund/ })).toBeNull();
  });

  it('refunds from a dialog that starts at what is left, checks the amount, then says what it did', async () => {
    const { container } = render(<Refundable />);
    // Nothing is left of Katherine's gift: no button for it.
    expect(screen.queryByRole('button', { name: 'Refund Katherine Johnson’s donation' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Refund Grace Hopper’s donation' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund Grace Hopper’s donation of $25.00' });
    const amount = within(dialog).getByLabelText('Amount (USD)');
    expect((amount as HTMLInputElement).value).toBe('20.00');
    expect(dialog.textContent).toContain('Up to $20.00 can go back to the card it came from.');
    await expectNoAxeViolations(dialog);

    fireEvent.change(amount, { target: { value: '20.01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'You can refund at most $20.00 of this donation.',
    );
    fireEvent.change(amount, { target: { value: 'some' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Enter the amount to refund as money, such as 4.25.',
    );
    expect(Refundable.args.onRefund).not.toHaveBeenCalled();

    fireEvent.change(amount, { target: { value: '7.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(Refundable.args.onRefund).toHaveBeenCalledWith(
      expect.objectContaining({ donorName: 'Grace Hopper' }),
      '7.50',
    );
    expect(screen.getByRole('status').textContent).toContain(
      'Refunded $7.50 to Grace Hopper. They see it on their statement in 5 to 10 days.',
    );
    await expectNoAxeViolations(container);
  });

  it('keeps the dialog open with the processor’s refusal, and Cancel closes it', async () => {
    render(<RefundRefused />);
    fireEvent.click(screen.getByRole('button', { name: 'Refund Ada Lovelace’s donation' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'The payment provider refused the refund: charge already refunded',
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
