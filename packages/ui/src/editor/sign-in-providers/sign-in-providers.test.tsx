import { composeStories } from '@storybook/react-vite';
import { ssoMessages } from '@site/page-content';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { SignInProvidersPanel, signInProvidersMessages as m } from './SignInProvidersPanel';
import * as stories from './SignInProvidersPanel.stories';
import { filledSettings } from './fixtures';

afterEach(cleanup);

const handlers = () => ({
  onSave: vi.fn(async () => undefined as unknown),
  onRemove: vi.fn(),
  onSetEnabled: vi.fn(),
  onTest: vi.fn(async () => ({ ok: true, message: 'Connected.' })),
});

describe('SignInProvidersPanel stories', () => {
  it.each(Object.entries(composeStories(stories)))('%s passes axe', async (_name, Story) => {
    const { container } = render(<Story />);
    await expectNoAxeViolations(container);
  });
});

describe('SignInProvidersPanel', () => {
  it('explains what is needed when there is no provider, with the redirect URL to copy', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <SignInProvidersPanel
        settings={{ redirectUrl: 'https://s.example/cb', providers: [] }}
        {...handlers()}
      />,
    );
    expect(screen.getByRole('heading', { name: m.emptyTitle })).toBeTruthy();
    expect(screen.getByText(m.emptyBody)).toBeTruthy();
    expect((screen.getByLabelText(m.redirectLabel) as HTMLInputElement).value).toBe('https://s.example/cb');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: m.copy })));
    expect(writeText).toHaveBeenCalledWith('https://s.example/cb');
    expect(screen.getByText(m.copied)).toBeTruthy();
  });

  it('adds a provider and shows each refusal next to its field', async () => {
    const h = handlers();
    h.onSave.mockRejectedValueOnce(new Error('refused'));
    const { rerender } = render(
      <SignInProvidersPanel settings={{ redirectUrl: 'u', providers: [] }} {...h} />,
    );
    fireEvent.click(screen.getByRole('button', { name: m.add }));
    fireEvent.change(screen.getByLabelText(m.name), { target: { value: 'Google' } });
    fireEvent.change(screen.getByLabelText(m.issuer), { target: { value: 'http://10.0.0.7' } });
    fireEvent.change(screen.getByLabelText(m.clientId), { target: { value: 'cid' } });
    fireEvent.change(screen.getByLabelText(m.clientSecret), { target: { value: 'sek' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: m.saveNew })));
    expect(h.onSave).toHaveBeenCalledWith(
      { name: 'Google', issuer: 'http://10.0.0.7', clientId: 'cid', clientSecret: 'sek' },
      undefined,
    );
    rerender(
      <SignInProvidersPanel
        settings={{ redirectUrl: 'u', providers: [] }}
        {...h}
        saveError={{ message: ssoMessages.issuerPrivate, fields: { issuer: ssoMessages.issuerPrivate } }}
      />,
    );
    expect(screen.getByLabelText(m.issuer).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(ssoMessages.issuerPrivate)).toBeTruthy();
    // The form stays open with what was typed.
    expect((screen.getByLabelText(m.name) as HTMLInputElement).value).toBe('Google');
  });

  it('keeps the secret write-only: shows its last four and sends it only when replaced', async () => {
    const h = handlers();
    render(<SignInProvidersPanel settings={filledSettings} {...h} />);
    expect(screen.getByText('•••• x9Qk')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: m.edit('Google') }));
    expect(screen.getByText(m.storedSecret('x9Qk'))).toBeTruthy();
    fireEvent.change(screen.getByLabelText(m.name), { target: { value: 'Google Workspace' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: m.save })));
    expect(h.onSave).toHaveBeenLastCalledWith(
      expect.objectContaining({ name: 'Google Workspace', clientSecret: '' }),
      'p1',
    );
    fireEvent.click(screen.getByRole('button', { name: m.edit('Google') }));
    fireEvent.click(screen.getByRole('button', { name: m.replaceSecret }));
    fireEvent.change(screen.getByLabelText(m.clientSecret), { target: { value: 'new-secret' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: m.save })));
    expect(h.onSave).toHaveBeenLastCalledWith(expect.objectContaining({ clientSecret: 'new-secret' }), 'p1');
  });

  it('tests the connection and says what the server said', async () => {
    const h = handlers();
    h.onTest.mockResolvedValueOnce({ ok: false, message: 'No OpenID Connect settings were found.' });
    render(<SignInProvidersPanel settings={filledSettings} {...h} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: `${m.test}: Google` })));
    expect(h.onTest).toHaveBeenCalledWith('https://accounts.google.com');
    expect(screen.getByText('No OpenID Connect settings were found.')).toBeTruthy();
  });

  it('turns a provider on and off, and removes one only once confirmed', () => {
    const h = handlers();
    render(<SignInProvidersPanel settings={filledSettings} {...h} />);
    fireEvent.click(screen.getByRole('checkbox', { name: m.enabled('Staff (Okta)') }));
    expect(h.onSetEnabled).toHaveBeenCalledWith('p2', true);
    fireEvent.click(screen.getByRole('button', { name: m.remove('Google') }));
    expect(h.onRemove).not.toHaveBeenCalled();
    const dialog = screen.getByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: m.removeShort }));
    expect(h.onRemove).toHaveBeenCalledWith('p1');
  });

  it('changes nothing when read-only', () => {
    render(<SignInProvidersPanel settings={filledSettings} {...handlers()} isReadOnly />);
    expect(screen.queryByRole('button', { name: /Change|Remove|Add/ })).toBeNull();
    expect((screen.getByRole('checkbox', { name: m.enabled('Google') }) as HTMLInputElement).disabled).toBe(
      true,
    );
  });
});
