import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test/axe';
import { editorMessages } from './editor-messages';
import { ListStates, type ListStatesProps } from './ListStates';

afterEach(cleanup);

const list = (items: readonly string[]) => (
  <ul aria-label="Notes">
    {items.map((n) => (
      <li key={n}>{n}</li>
    ))}
  </ul>
);
const view = (props: Partial<ListStatesProps<string>>) =>
  render(
    <ListStates<string>
      loadingText="Loading the notes…"
      empty={{ title: 'No notes yet', body: 'Notes you write show here.' }}
      moreLabel="Show older notes"
      loadingMoreLabel="Loading…"
      {...props}
    >
      {list}
    </ListStates>,
  );

describe('ListStates', () => {
  it('while the first page loads: the loading line and nothing else', async () => {
    const { container } = view({ isLoading: true });
    expect(screen.getByRole('status').textContent).toBe('Loading the notes…');
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByText('No notes yet')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('a failed load says why and Try again asks once more', async () => {
    const onRetry = vi.fn();
    const { container } = view({ loadError: 'The notes could not be loaded.', onRetry });
    expect(screen.getByRole('alert').textContent).toContain('The notes could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: editorMessages.tryAgain }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
  });

  it('without onRetry the banner offers no button', () => {
    view({ loadError: 'The notes could not be loaded.' });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('an empty list shows the empty state instead of the list', async () => {
    const { container } = view({ items: [] });
    expect(screen.getByText('No notes yet')).toBeTruthy();
    expect(screen.getByText('Notes you write show here.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('without an empty state an empty list is still drawn', () => {
    view({ items: [], empty: undefined });
    expect(screen.getByRole('list', { name: 'Notes' }).children).toHaveLength(0);
  });

  it('draws the list; the older-entries button loads more and waits while it does', async () => {
    const onLoadMore = vi.fn();
    const { container, rerender } = view({ items: ['a', 'b'], hasMore: true, onLoadMore });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['a', 'b']);
    fireEvent.click(screen.getByRole('button', { name: 'Show older notes' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
    rerender(
      <ListStates<string>
        loadingText="Loading the notes…"
        items={['a', 'b']}
        hasMore
        isLoadingMore
        onLoadMore={onLoadMore}
        moreLabel="Show older notes"
        loadingMoreLabel="Loading…"
      >
        {list}
      </ListStates>,
    );
    expect((screen.getByRole('button', { name: 'Loading…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('no older-entries button once everything is in', () => {
    view({ items: ['a'], hasMore: false, onLoadMore: vi.fn() });
    expect(screen.queryByRole('button')).toBeNull();
  });
});
