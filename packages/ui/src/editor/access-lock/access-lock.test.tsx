import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LOCK_PASSWORD } from '@site/page-content';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { LockPasswordField, type LockPasswordFieldProps } from './LockPasswordField';
import { SitePasswordDialog, type SitePasswordDialogProps } from './SitePasswordDialog';

afterEach(cleanup);

const field = (over: Partial<LockPasswordFieldProps> = {}) => (
  <LockPasswordField
    what="page"
    locked={false}
    on={false}
    onToggle={() => {}}
    password=""
    onPassword={() => {}}
    {...over}
  />
);

describe('LockPasswordField', () => {
  it('shows only the toggle while off and reports turning it on', async () => {
    const onToggle = vi.fn();
    const { container } = render(field({ onToggle }));
    expect(screen.queryByLabelText('Password')).toBeNull();
    fireEvent.click(screen.getByLabelText('Visitors need a password to see this page'));
    expect(onToggle).toHaveBeenCalledWith(true);
    await expectNoAxeViolations(container);
  });

  it('asks for a new password when one is set, with the length limit', async () => {
    const onPassword = vi.fn();
    const { container } = render(field({ locked: true, on: true, onPassword }));
    const input = screen.getByLabelText('New password') as HTMLInputElement;
    expect(input.maxLength).toBe(LOCK_PASSWORD.max);
    expect(input.type).toBe('password');
    expect(container.textContent).toContain('Leave this empty to keep it.');
    fireEvent.change(input, { target: { value: 'secret' } });
    expect(onPassword).toHaveBeenCalledWith('secret');
    await expectNoAxeViolations(container);
  });

  it('marks the password invalid and shows the server message', async () => {
    const { container } = render(field({ on: true, error: 'Too short' }));
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Too short')).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('disables both inputs while disabled', async () => {
    const { container } = render(field({ on: true, disabled: true }));
    expect(container.querySelectorAll('input:disabled')).toHaveLength(2);
    await expectNoAxeViolations(container);
  });
});

const dialog = (over: Partial<SitePasswordDialogProps> = {}) => (
  <SitePasswordDialog locked={false} onSave={() => {}} onClose={() => {}} {...over} />
);

describe('SitePasswordDialog', () => {
  it('sends the typed password', async () => {
    const onSave = vi.fn();
    render(dialog({ onSave }));
    fireEvent.click(screen.getByLabelText('Visitors need a password to see this site'));
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith('secret');
    await expectNoAxeViolations(screen.getByRole('alertdialog'));
  });

  it('closes without saving when nothing changed, and removes a set password', () => {
    const onSave = vi.fn();
    const onClose = vi.fn();
    render(dialog({ onSave, onClose }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect([onSave.mock.calls.length, onClose.mock.calls.length]).toEqual([0, 1]);
    cleanup();
    render(dialog({ locked: true, onSave, onClose }));
    fireEvent.click(screen.getByLabelText('Visitors need a password to see this site'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(null);
  });

  it('disables the field and Save while loading', async () => {
    render(dialog({ locked: undefined }));
    expect(
      (screen.getByLabelText('Visitors need a password to see this site') as HTMLInputElement).disabled,
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    await expectNoAxeViolations(screen.getByRole('alertdialog'));
  });

  it('replaces the field with the load error and shows a save error', async () => {
    render(
      dialog({ locked: undefined, loadError: 'Could not load', saveError: 'Network down', saving: true }),
    );
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Could not load',
      'Network down',
    ]);
    expect(screen.getByRole('button', { name: 'Saving…' }).hasAttribute('disabled')).toBe(true);
    await expectNoAxeViolations(screen.getByRole('alertdialog'));
  });
});
