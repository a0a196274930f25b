import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { themeSummaries } from '@site/page-content';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { ThemePicker, type ThemePickerProps } from './ThemePicker';

afterEach(cleanup);

const props = (overrides: Partial<ThemePickerProps> = {}): ThemePickerProps => ({
  themes: themeSummaries(),
  state: 'ready',
  current: 'fieldnotes',
  previousTheme: null,
  onPreview: vi.fn(),
  onApply: vi.fn(),
  onUndo: vi.fn(),
  ...overrides,
});

describe('ThemePicker', () => {
  it('marks the current theme and offers preview and apply for the others', () => {
    const p = props();
    render(<ThemePicker {...p} />);
    expect(screen.getByText('Your theme')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use Fieldnotes' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Preview Market' }));
    expect(p.onPreview).toHaveBeenCalledWith('market');
    fireEvent.click(screen.getByRole('button', { name: 'Use Market' }));
    expect(p.onApply).toHaveBeenCalledWith('market');
    expect(screen.queryByRole('button', { name: /Undo/ })).toBeNull();
  });

  it('shows every page type of a theme on a phone, named in the owner’s words', () => {
    render(<ThemePicker {...props()} />);
    const market = screen.getByText('See all 21 page types', { selector: 'li:nth-child(2) summary' });
    expect(market.closest('details')!.open).toBe(false);
    fireEvent.click(market);
    expect(market.closest('details')!.open).toBe(true);
    const picture = screen.getByRole('img', { name: 'Password-protected page in Market, on a phone' });
    expect(picture.getAttribute('src')).toBe('/assets/themes/market/previews/lock-screen-390.webp');
    expect(screen.getByRole('img', { name: 'Cover page in Market, on a phone' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Order confirmation in Market, on a phone' })).toBeTruthy();
  });

  it('stops a preview, and offers undo after a change', () => {
    const p = props({ current: 'market', previousTheme: 'fieldnotes', previewing: 'fieldnotes' });
    render(<ThemePicker {...p} />);
    fireEvent.click(screen.getByRole('button', { name: 'Stop preview' }));
    expect(p.onPreview).toHaveBeenCalledWith(undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Undo: go back to Fieldnotes' }));
    expect(p.onUndo).toHaveBeenCalled();
  });

  it('cannot apply while a change is on its way or for a read-only member', () => {
    for (const extra of [{ isPending: true }, { isDisabled: true }]) {
      const p = props(extra);
      render(<ThemePicker {...p} />);
      fireEvent.click(screen.getByRole('button', { name: 'Use Market' }));
      expect(p.onApply).not.toHaveBeenCalled();
      cleanup();
    }
  });

  it('says so while loading and when the themes cannot be loaded, with a retry', () => {
    render(<ThemePicker {...props({ themes: undefined, state: 'loading' })} />);
    expect(screen.getByRole('status').textContent).toBe('Loading themes…');
    cleanup();
    const onRetry = vi.fn();
    render(<ThemePicker {...props({ themes: undefined, state: 'error', onRetry })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('has no accessibility violations, fresh or just changed', async () => {
    const { container, rerender } = render(<ThemePicker {...props()} />);
    await expectNoAxeViolations(container);
    rerender(<ThemePicker {...props({ current: 'market', previousTheme: 'fieldnotes', error: 'Failed' })} />);
    await expectNoAxeViolations(container);
  });
});
