import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { OwnerReview } from '@site/commerce-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { ReviewsPanel, reviewsPanelMessages as m, type ReviewsPanelProps } from './ReviewsPanel';

afterEach(cleanup);

const review = (over: Partial<OwnerReview>): OwnerReview => ({
  id: 'r1',
  rating: 4,
  title: 'Sturdy',
  text: 'Softened nicely.',
  name: 'Ada',
  verifiedBuyer: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  reply: null,
  productId: 'p1',
  productTitle: 'Waxed Canvas Tote',
  email: 'ada@example.com',
  status: 'pending',
  repliedAt: null,
  ...over,
});

const props = (over: Partial<ReviewsPanelProps> = {}): ReviewsPanelProps => ({
  reviews: [review({}), review({ id: 'r2', title: 'Lovely', status: 'approved', reply: 'Thanks!' })],
  enabled: true,
  onStatusChange: vi.fn(),
  onEnabledChange: vi.fn(),
  onModerate: vi.fn(),
  ...over,
});

describe('ReviewsPanel', () => {
  it('shows each review with its stars, status and badge, and passes axe', async () => {
    const { container } = render(<ReviewsPanel {...props()} />);
    await expectNoAxeViolations(container);
    const card = screen.getByRole('listitem', { name: 'Sturdy' });
    expect(within(card).getByRole('img', { name: m.rating(4) })).toBeTruthy();
    expect(within(card).getByText(m.statuses.pending)).toBeTruthy();
    expect(within(card).getByText(m.verified)).toBeTruthy();
    expect(card.textContent).toContain(m.about('Waxed Canvas Tote'));
    const approved = screen.getByRole('listitem', { name: 'Lovely' });
    expect(approved.textContent).toContain('Thanks!');
    // An approved review offers no second Approve.
    expect(within(approved).queryByRole('button', { name: m.approve })).toBeNull();
  });

  it('approves, hides and replies through onModerate', () => {
    const p = props();
    render(<ReviewsPanel {...p} />);
    const card = screen.getByRole('listitem', { name: 'Sturdy' });
    fireEvent.click(within(card).getByRole('button', { name: m.approve }));
    expect(p.onModerate).toHaveBeenCalledWith('r1', { status: 'approved' });
    fireEvent.click(within(card).getByRole('button', { name: m.hide }));
    expect(p.onModerate).toHaveBeenCalledWith('r1', { status: 'hidden' });
    fireEvent.click(within(card).getByRole('button', { name: m.reply }));
    fireEvent.change(within(card).getByLabelText(m.replyLabel('Ada')), { target: { value: 'Thank you!' } });
    fireEvent.click(within(card).getByRole('button', { name: m.saveReply }));
    expect(p.onModerate).toHaveBeenCalledWith('r1', { reply: 'Thank you!' });
  });

  it('filters by status, switches reviews off, and offers no actions to a read-only member', () => {
    const p = props({ isReadOnly: true });
    render(<ReviewsPanel {...p} />);
    fireEvent.change(screen.getByLabelText(m.filter), { target: { value: 'pending' } });
    expect(p.onStatusChange).toHaveBeenCalledWith('pending');
    fireEvent.change(screen.getByLabelText(m.filter), { target: { value: '' } });
    expect(p.onStatusChange).toHaveBeenLastCalledWith(undefined);
    expect((screen.getByLabelText(m.enabled) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: m.approve })).toBeNull();
    cleanup();
    const q = props();
    render(<ReviewsPanel {...q} />);
    fireEvent.click(screen.getByLabelText(m.enabled));
    expect(q.onEnabledChange).toHaveBeenCalledWith(false);
  });

  it('has empty, no-match, loading and failed states', async () => {
    const onRetry = vi.fn();
    const { rerender, container } = render(<ReviewsPanel {...props({ reviews: [] })} />);
    expect(screen.getByText(m.emptyTitle)).toBeTruthy();
    rerender(<ReviewsPanel {...props({ reviews: [], status: 'hidden' })} />);
    expect(screen.getByText(m.noMatchTitle)).toBeTruthy();
    rerender(<ReviewsPanel {...props({ reviews: undefined, isLoading: true })} />);
    expect(screen.getByRole('status').textContent).toBe(m.loading);
    rerender(<ReviewsPanel {...props({ reviews: undefined, loadError: 'Could not load.', onRetry })} />);
    expect(screen.getByRole('alert').textContent).toContain('Could not load.');
    fireEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(onRetry).toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });
});
