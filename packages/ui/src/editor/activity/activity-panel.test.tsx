import { activityMessages, type ActivityEntry } from '@site/page-content';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { ActivityPanel, activityPanelMessages as m } from './ActivityPanel';

afterEach(cleanup);

const owner = { id: 'm1', email: 'owner@demo.test' };
const entries: ActivityEntry[] = [
  { id: '2', at: '2026-11-29T09:12:00Z', kind: 'page-published', actor: owner, subject: 'About', detail: {} },
  {
    id: '1',
    at: '2026-11-28T17:05:00Z',
    kind: 'order-refunded',
    actor: { id: null, email: 'gone@example.com' },
    subject: '#1042',
    detail: { amount: '$4.25' },
  },
];

describe('ActivityPanel', () => {
  it('shows one card per entry: what, who and when; passes axe', async () => {
    const { container } = render(
      <ActivityPanel
        entries={entries}
        people={[owner]}
        filters={{}}
        onFiltersChange={vi.fn()}
        timeZone="UTC"
      />,
    );
    await expectNoAxeViolations(container);
    const cards = within(screen.getByRole('list', { name: m.entries })).getAllByRole('listitem');
    expect(cards.map((c) => c.querySelector('.ed-activity__what')!.textContent)).toEqual([
      'Published the page “About”',
      'Refunded $4.25 on order #1042',
    ]);
    expect(cards[1]!.textContent).toContain(m.by('gone@example.com'));
    expect(cards[0]!.querySelector('time')!.getAttribute('dateTime')).toBe('2026-11-29T09:12:00Z');
    expect(cards[0]!.querySelector('time')!.textContent).toMatch(/2026/);
  });

  it('each filter reports the whole set; Clear empties it', () => {
    const onFiltersChange = vi.fn();
    const { rerender } = render(
      <ActivityPanel entries={entries} people={[owner]} filters={{}} onFiltersChange={onFiltersChange} />,
    );
    expect(screen.queryByRole('button', { name: m.clear })).toBeNull();
    fireEvent.change(screen.getByLabelText(m.kind), { target: { value: 'order-refunded' } });
    expect(onFiltersChange).toHaveBeenLastCalledWith({ kind: 'order-refunded' });
    rerender(
      <ActivityPanel
        entries={entries}
        people={[owner]}
        filters={{ kind: 'order-refunded' }}
        onFiltersChange={onFiltersChange}
      />,
    );
    fireEvent.change(screen.getByLabelText(m.person), { target: { value: 'm1' } });
    expect(onFiltersChange).toHaveBeenLastCalledWith({ kind: 'order-refunded', person: 'm1' });
    fireEvent.change(screen.getByLabelText(m.from), { target: { value: '2026-11-01' } });
    expect(onFiltersChange).toHaveBeenLastCalledWith({ kind: 'order-refunded', from: '2026-11-01' });
    fireEvent.click(screen.getByRole('button', { name: m.clear }));
    expect(onFiltersChange).toHaveBeenLastCalledWith({});
  });

  it.each([
    ['empty', { entries: [] }, m.emptyTitle],
    ['no match', { entries: [], filters: { kind: 'price-changed' as const } }, m.noMatchTitle],
    ['loading', { isLoading: true }, m.loading],
    ['failed', { loadError: 'Unable to connect. Please try again' }, 'Unable to connect. Please try again'],
    ['refused filters', { filterError: activityMessages.rangeBackwards }, activityMessages.rangeBackwards],
  ])('%s: says so, lists nothing, passes axe', async (_, props, text) => {
    const { container } = render(
      <ActivityPanel filters={{}} onFiltersChange={vi.fn()} onRetry={vi.fn()} {...props} />,
    );
    expect(screen.getByText(text)).toBeDefined();
    expect(screen.queryByRole('listitem')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('asks for older entries, and waits while they come', () => {
    const onLoadMore = vi.fn();
    const { rerender } = render(
      <ActivityPanel
        entries={entries}
        filters={{}}
        onFiltersChange={vi.fn()}
        hasMore
        onLoadMore={onLoadMore}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: m.more }));
    expect(onLoadMore).toHaveBeenCalledOnce();
    rerender(
      <ActivityPanel
        entries={entries}
        filters={{}}
        onFiltersChange={vi.fn()}
        hasMore
        isLoadingMore
        onLoadMore={onLoadMore}
      />,
    );
    expect((screen.getByRole('button', { name: m.loadingMore }) as HTMLButtonElement).disabled).toBe(true);
  });
});
