import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { messages } from '@site/page-content';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { PhotoFeedField, photoFeedMessages } from './PhotoFeedField';
import * as stories from './PhotoFeedField.stories';

afterEach(cleanup);
const { Filled, Error: Failed, Disabled, Loading, Empty, InvalidAddress } = composeStories(stories);
const base = stories.default.args;

describe('photo feed field', () => {
  it.each(Object.entries(composeStories(stories)))('%s passes axe', async (_name, Story) => {
    const { container } = render(<Story />);
    await expectNoAxeViolations(container);
  });

  it('switches the gallery between its own pictures and a feed', () => {
    const onChange = vi.fn();
    render(<PhotoFeedField {...base} value={null} onChange={onChange} />);
    expect(screen.queryByLabelText(photoFeedMessages.feedUrl)).toBeNull();
    fireEvent.click(screen.getByLabelText(photoFeedMessages.feed));
    expect(onChange).toHaveBeenLastCalledWith({ url: '' });
    cleanup();
    render(<PhotoFeedField {...base} onChange={onChange} />);
    fireEvent.click(screen.getByLabelText(photoFeedMessages.ownItems));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('shows the last fetch and a preview of the pictures, alt from their titles', () => {
    render(<Filled />);
    expect(screen.getByText(/^Last fetched /)).toBeTruthy();
    expect(screen.getByRole('list', { name: '3 pictures from the feed' })).toBeTruthy();
    expect(screen.getByAltText('Harbour at dawn')).toBeTruthy();
    expect(screen.getByAltText(messages.photoFeedAlt)).toBeTruthy();
  });

  it('says why the last fetch failed and that the last good pictures stay', async () => {
    render(<Failed />);
    expect(screen.getByText(new RegExp(messages.photoFeedMalformed))).toBeTruthy();
    expect(screen.getByText(new RegExp(photoFeedMessages.keptItems))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: photoFeedMessages.fetchNow }));
    await waitFor(() => expect(screen.getByText(messages.photoFeedUnreachable)).toBeTruthy());
  });

  it('fetches now and shows what came back', async () => {
    const fetchNow = vi.fn().mockResolvedValue({
      url: base.value!.url,
      items: [{ title: 'New one', src: '/assets/demo/tote.svg', link: '', credit: '' }],
      fetchedAt: new Date().toISOString(),
      lastError: null,
      lastErrorAt: null,
    });
    render(<PhotoFeedField {...base} source={{ fetchNow }} />);
    fireEvent.click(screen.getByRole('button', { name: photoFeedMessages.fetchNow }));
    expect(fetchNow).toHaveBeenCalledWith(base.value!.url);
    await waitFor(() => expect(screen.getByAltText('New one')).toBeTruthy());
  });

  it('is read-only, loading, empty and refuses an address that is not a web feed', () => {
    render(<Disabled />);
    expect(
      (screen.getByRole('button', { name: photoFeedMessages.fetchNow }) as HTMLButtonElement).disabled,
    ).toBe(true);
    cleanup();
    render(<Loading />);
    expect(screen.getByText(photoFeedMessages.fetching)).toBeTruthy();
    cleanup();
    render(<Empty />);
    expect(
      (screen.getByRole('button', { name: photoFeedMessages.fetchNow }) as HTMLButtonElement).disabled,
    ).toBe(true);
    cleanup();
    render(<InvalidAddress />);
    expect(screen.getByText(messages.photoFeedUrlInvalid)).toBeTruthy();
  });
});
