import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { AreaMembersList } from './AreaMembersList';
import * as stories from './AreaMembersList.stories';
import { MemberAreasPanel } from './MemberAreasPanel';

afterEach(cleanup);

const bo = {
  memberId: 'm2',
  email: 'bo@example.com',
  joinedAt: '2026-10-02T17:05:00.000Z',
  state: 'lapsed',
} as const;
const cy = { ...bo, memberId: 'm3', email: 'cy@example.com', state: 'paying' } as const;

describe('AreaMembersList', () => {
  it.each(Object.entries(composeStories(stories)))('%s passes axe', async (_name, Story) => {
    const { container } = render(<Story />);
    await expectNoAxeViolations(container);
  });

  it('shows each member with the day they joined, removes one and asks for the next page', () => {
    const onRemove = vi.fn();
    const onLoadMore = vi.fn();
    render(
      <AreaMembersList areaName="Club" members={[bo]} onRemove={onRemove} hasMore onLoadMore={onLoadMore} />,
    );
    expect(screen.getByText('bo@example.com')).toBeTruthy();
    expect(screen.getByText('2026', { exact: false }).getAttribute('datetime')).toBe(bo.joinedAt);
    fireEvent.click(screen.getByRole('button', { name: 'Remove bo@example.com from Club' }));
    expect(onRemove).toHaveBeenCalledWith('m2');
    fireEvent.click(screen.getByRole('button', { name: 'Show more members' }));
    expect(onLoadMore).toHaveBeenCalled();
  });

  it('tells paying members from lapsed and free ones in a paid area, and filters by it', () => {
    const onStateChange = vi.fn();
    render(<AreaMembersList areaName="Club" members={[bo, cy]} isPaid onStateChange={onStateChange} />);
    expect(screen.getByRole('columnheader', { name: 'Payment' })).toBeTruthy();
    expect(screen.getByText('Lapsed').closest('tr')?.textContent).toContain('bo@example.com');
    expect(screen.getByText('Paying').closest('tr')?.textContent).toContain('cy@example.com');
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'lapsed' } });
    expect(onStateChange).toHaveBeenCalledWith('lapsed');
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: '' } });
    expect(onStateChange).toHaveBeenLastCalledWith(undefined);
  });

  it('says so when nobody is in the chosen state, and shows no payment column for a free area', () => {
    const { unmount } = render(
      <AreaMembersList areaName="Club" members={[]} isPaid state="paying" onStateChange={vi.fn()} />,
    );
    expect(screen.getByText('Nobody is paying for this area right now.')).toBeTruthy();
    unmount();
    render(<AreaMembersList areaName="Club" members={[bo]} />);
    expect(screen.queryByText('Lapsed')).toBeNull();
    expect(screen.queryByLabelText('Show')).toBeNull();
  });

  it('offers no removal to a role that only reads, and no more button on the last page', () => {
    render(<AreaMembersList areaName="Club" members={[bo]} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('MemberAreasPanel members', () => {
  it('opens an area’s members under its card, and only for an area someone joined', () => {
    const area = {
      id: 'club',
      name: 'Club',
      description: '',
      pageIds: [],
      memberCount: 1,
      price: { billing: 'free' } as const,
      currency: 'USD',
      payingCount: 0,
    };
    const empty = { ...area, id: 'trade', name: 'Trade', memberCount: 0 };
    const renderMembers = vi.fn((a: { name: string }) => <p>members of {a.name}</p>);
    render(
      <MemberAreasPanel
        areas={[area, empty]}
        pages={[]}
        currency="USD"
        onCreate={vi.fn()}
        onSave={vi.fn()}
        onRemove={vi.fn()}
        isReadOnly
        renderMembers={renderMembers}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Members of Trade' })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Members of Club' });
    expect(screen.queryByText('members of Club')).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByText('members of Club')).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Hide members of Club' }));
    expect(screen.queryByText('members of Club')).toBeNull();
  });
});
