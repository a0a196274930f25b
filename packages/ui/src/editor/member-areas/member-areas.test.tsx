import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memberAreaMessages } from '@site/page-content';
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
      <MemberAreasPanel
        areas={[]}
        pages={pages}
        currency="USD"
        onCreate={onCreate}
        onSave={vi.fn()}
        onRemove={vi.fn()}
      />,
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
      price: { billing: 'free' },
    });
    await waitFor(() => expect(screen.queryByLabelText('Name')).toBeNull());
  });

  it('keeps the form and shows the refusal when the server says no', async () => {
    const onSave = vi.fn(() => Promise.reject(new Error('taken')));
    const { rerender } = render(
      <MemberAreasPanel
        areas={[area]}
        pages={pages}
        currency="USD"
        onCreate={vi.fn()}
        onSave={onSave}
        onRemove={vi.fn()}
      />,
    );
    expect(screen.getByText('Free · 1 member · Videos')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Makers club' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save member area' }));
    expect(onSave).toHaveBeenCalledWith('club', {
      name: 'Makers club',
      description: 'For members.',
      pageIds: ['videos'],
      price: { billing: 'free' },
    });
    rerender(
      <MemberAreasPanel
        areas={[area]}
        pages={pages}
        currency="USD"
        onCreate={vi.fn()}
        onSave={onSave}
        onRemove={vi.fn()}
        error="Another member area has this name. Choose a different one."
      />,
    );
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Another member area'));
    expect(screen.getByLabelText('Name')).toBeTruthy();
  });

  it('sets a monthly price as the owner types it in their locale, and checks it beside the field', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    render(
      <MemberAreasPanel
        areas={[area]}
        pages={pages}
        currency="EUR"
        locale="fr"
        onCreate={vi.fn()}
        onSave={onSave}
        onRemove={vi.fn()}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit Makers club' }));
    fireEvent.change(screen.getByLabelText('Price to join'), { target: { value: 'month' } });
    const amount = screen.getByLabelText(/Amount/);
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save member area' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText(memberAreaMessages.priceRequired)).toBeTruthy();
    fireEvent.change(amount, { target: { value: '9,50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save member area' }));
    expect(onSave).toHaveBeenCalledWith('club', {
      name: 'Makers club',
      description: 'For members.',
      pageIds: ['videos'],
      price: { billing: 'month', amountMinor: 950 },
    });
  });

  it('shows a paid area’s price and paying members', () => {
    render(
      <MemberAreasPanel
        areas={[{ ...area, price: { billing: 'year', amountMinor: 9000 }, payingCount: 1 }]}
        pages={pages}
        currency="USD"
        onCreate={vi.fn()}
        onSave={vi.fn()}
        onRemove={vi.fn()}
      />,
    );
    expect(screen.getByText('$90.00 / year · 1 paying member · 1 member · Videos')).toBeTruthy();
  });

  it('offers no changes to a read-only role', () => {
    render(
      <MemberAreasPanel
        areas={[area]}
        pages={pages}
        currency="USD"
        onCreate={vi.fn()}
        onSave={vi.fn()}
        onRemove={vi.fn()}
        isReadOnly
      />,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
