import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test/axe';
import { ShowMore, type ShowMoreProps } from './ShowMore';

afterEach(cleanup);

const view = (props: Partial<ShowMoreProps> = {}) =>
  render(<ShowMore noun="comments" hasMore onMore={() => {}} {...props} />);
const button = () => screen.getByRole('button') as HTMLButtonElement;

describe('ShowMore', () => {
  it('asks for the next page, named after what the list holds', async () => {
    const onMore = vi.fn();
    const { container } = view({ onMore });
    expect(button().textContent).toBe('Show more comments');
    fireEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    expect(onMore).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('without a noun it reads Show more', () => {
    view({ noun: undefined });
    expect(button().textContent).toBe('Show more');
  });

  it('waits, busy and disabled, while the next page loads', async () => {
    const { container } = view({ isLoading: true });
    expect(button().textContent).toBe('Loading more…');
    expect(button().disabled).toBe(true);
    expect(button().getAttribute('aria-busy')).toBe('true');
    await expectNoAxeViolations(container);
  });

  it('says why the last page failed and keeps the button to try again', async () => {
    const onMore = vi.fn();
    const { container } = view({ error: 'The comments could not be loaded.', onMore });
    expect(screen.getByRole('alert').textContent).toBe('The comments could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    expect(onMore).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
  });

  it('disabled, it asks for nothing and is not busy', async () => {
    const onMore = vi.fn();
    const { container } = view({ disabled: true, onMore });
    expect(button().disabled).toBe(true);
    expect(button().hasAttribute('aria-busy')).toBe(false);
    fireEvent.click(button());
    expect(onMore).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('draws nothing once there is no next page', () => {
    const { container } = view({ hasMore: false, error: 'The comments could not be loaded.' });
    expect(container.innerHTML).toBe('');
  });
});
