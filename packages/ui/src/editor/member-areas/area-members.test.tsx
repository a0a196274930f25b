import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { AreaMembersList } from './AreaMembersList';
import * as stories from './AreaMembersList.stories';
import { MemberAreasPanel } from './MemberAreasPanel';

afterEach(cleanup);

const bo = { memberId: 'm2', email: 'bo@example.com', joinedAt: '2026-10-02T17:05:00.000Z' };

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
