import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { fn } from 'storybook/test';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import * as stories from './VisitorRecordings.stories';
import { elapsed } from './VisitorRecordingsPanel';

afterEach(cleanup);
const s = composeStories(stories);

describe('VisitorRecordingsPanel', () => {
  it('shows the switch and share, the visits newest first, and asks for older ones', async () => {
    const onSettingsChange = fn();
    const { container } = render(<s.Loaded onSettingsChange={onSettingsChange} />);
    const toggle = screen.getByRole('switch', { name: 'Record visits' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    expect(onSettingsChange).toHaveBeenLastCalledWith({ enabled: false, share: 60 });
    fireEvent.change(screen.getByLabelText('Share of visits recorded'), { target: { value: '20' } });
    expect(onSettingsChange).toHaveBeenLastCalledWith({ enabled: true, share: 20 });
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('Nov 29, 2026, 2:02 PM · US');
    expect(rows[0]!.textContent).toContain('3 pages, 7 events');
    expect(rows[1]!.textContent).toContain('1 page, 1 event');
    expect(screen.getByRole('button', { name: 'Show older recordings' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('lists a visit’s events in order at their time from its start, a password only as masked', async () => {
    const { container } = render(<s.TimelineOpen />);
    expect(screen.getByRole('button', { name: 'Hide timeline' }).getAttribute('aria-expanded')).toBe('true');
    const events = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(events).toEqual([
      '+0:00Opened /shop',
      '+0:04Scrolled to 60 % of the page',
      '+0:09Clicked “Canvas weekender”',
      '+0:09Opened /shop/p/canvas-weekender',
      '+0:30Went to the email field “Email”',
      '+0:41Changed the email field “Email” (what was typed is not recorded)',
      '+1:35Changed the password field “Password”: ••••••• (masked)',
    ]);
    expect(container.textContent).not.toContain('__MASKED_FIELD__');
    await expectNoAxeViolations(container);
  });

  it.each([
    ['empty', s.Empty, 'No recordings yet'],
    ['loading', s.Loading, 'Loading the recordings…'],
    ['failed', s.Failed, 'Unable to load. Try again.'],
    ['saving', s.Saving, 'Saving…'],
    ['failed to save', s.SaveFailed, 'Your changes could not be saved.'],
    ['not allowed', s.NotAllowed, 'Only the site’s owner or an admin can see visitor recordings'],
    ['loading a timeline', s.TimelineLoading, 'Loading the timeline…'],
  ])('says when it is %s', async (_, Story, text) => {
    const { container } = render(<Story />);
    expect(container.textContent).toContain(text);
    await expectNoAxeViolations(container);
  });

  it('keeps the switch and share still while saving, and the share while recording is off', () => {
    render(<s.Saving />);
    expect((screen.getByRole('switch') as HTMLInputElement).disabled).toBe(true);
    cleanup();
    render(<s.Empty />);
    expect((screen.getByLabelText('Share of visits recorded') as HTMLSelectElement).disabled).toBe(true);
    expect(screen.queryByRole('switch')).toBeTruthy();
  });

  it.each([
    [0, '+0:00'],
    [59_999, '+0:59'],
    [65_000, '+1:05'],
    [3_725_000, '+1:02:05'],
    [-5, '+0:00'],
  ])('writes %i ms from the start as %s', (ms, text) => expect(elapsed(ms)).toBe(text));
});
