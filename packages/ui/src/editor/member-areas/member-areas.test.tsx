import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { MemberAreasPanel } from './MemberAreasPanel';
import * as stories from './MemberAreasPanel.stories';

afterEach(cleanup);

const pages = [
  { id: 'recipes', title: 'Recipes', path: '/recipes' },
  { id: 'videos', title: 'Videos', path: '/videos' },
];
const area = {
  id: 'club',
  name: 'Makers club',
  description: 'For members.',
  pageIds: ['videos'],
  memberCount: 1,
  price: { billing: 'free' as const },
  currency: 'USD',
  payingCount: 0,
};

describe('MemberAreasPanel', () => {
  it.each(Object.entries(composeStories(stories)))('%s passes axe', async (_name, Story) => {
    const { container } = render(<Story />);
    await expectNoAxeViolations(container);
  });

  it('creates an area with the pages in the order they were ticked, and closes the form once saved', async () => {
    const onCreate = vi.fn(() => Promise.resolve());
    render(
      <MemberAreasPanel areas={[]} pages={pages} onCreate={onCreate} onSave={vi.fn()} onRemove={vi.fn()} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'New member area' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Makers club' } });
    fireEvent.click(screen.getByLabelText(/Videos/));
    fireEvent.click(screen.getByLabelText(/Recipes/));
    fireEvent.click(screen.getByRole('button', { name: 'Create member area' }));
    expect(onCreate).toHaveBeenCalledWith({
      name: 'Makers club',
      description: '',
      pageIds: ['videos', 'recipes'],
    });
    await waitFor(() => expect(screen.queryByLabelText('Name')).toBeNull());
  });

  it('keeps the form and shows the refusal when the server says no', async () => {
    const onSave = vi.fn(() => Promise.reject(new Error('taken')));
    const { rerender } = render(
      <MemberAreasPanel areas={[area]} pages={pages} onCreate={vi.fn()} onSave={onSave} onRemove={vi.fn()} />,
    );
    expect(screen.getByText('1 member · Videos')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Makers club' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save member area' }));
    expect(onSave).toHaveBeenCalledWith('club', {
      name: 'Makers club',
      description: 'For members.',
      pageIds: ['videos'],
    });
    rerender(
      <MemberAreasPanel
        areas={[area]}
        pages={pages}
        onCreate={vi.fn()}
        onSave={onSave}
        onRemove={vi.fn()}
        error="Another member area has this name. Choose a different one."
      />,
    );
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Another member area'));
    expect(screen.getByLabelText('Name')).toBeTruthy();
  });

  it('offers no changes to a read-only role', () => {
    render(
      <MemberAreasPanel
        areas={[area]}
        pages={pages}
        onCreate={vi.fn()}
        onSave={vi.fn()}
        onRemove={vi.fn()}
        isReadOnly
      />,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
