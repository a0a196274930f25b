import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { CookieConsentPanel, cookieConsentChoices, cookieConsentWhereChoices } from './CookieConsentPanel';

afterEach(cleanup);

describe('CookieConsentPanel', () => {
  it('shows the stored choice, saves another only once picked, and passes axe', async () => {
    const onSave = vi.fn();
    const { container } = render(<CookieConsentPanel mode="off" onSave={onSave} />);
    await expectNoAxeViolations(container);
    expect((screen.getByLabelText('Off') as HTMLInputElement).checked).toBe(true);
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const optIn = screen.getByRole('radio', { name: cookieConsentChoices['opt-in'].label });
    expect(optIn.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(optIn);
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(onSave).toHaveBeenCalledWith('opt-in', 'everywhere');
  });

  it('under opt-in asks who is asked first; changing only that enables Save', async () => {
    const onSave = vi.fn();
    const { container } = render(<CookieConsentPanel mode="opt-in" where="everywhere" onSave={onSave} />);
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const region = screen.getByRole('radio', { name: cookieConsentWhereChoices['consent-region'].label });
    fireEvent.click(region);
    expect(save.disabled).toBe(false);
    await expectNoAxeViolations(container);
    fireEvent.click(save);
    expect(onSave).toHaveBeenCalledWith('opt-in', 'consent-region');
    // Other modes have no region choice.
    fireEvent.click(screen.getByLabelText('Notice only'));
    expect(screen.queryByRole('radio', { name: cookieConsentWhereChoices.everywhere.label })).toBeNull();
  });

  it.each([
    ['loading', { isLoading: true }, 'Loading the cookie banner setting…'],
    ['failed', { loadError: 'Could not load.' }, 'Could not load.'],
  ])('%s: says so, offers no choices, and passes axe', async (_, props, text) => {
    const { container } = render(<CookieConsentPanel {...props} onSave={vi.fn()} onRetry={vi.fn()} />);
    expect(screen.getByText(text, { exact: false })).toBeDefined();
    expect(screen.queryByRole('radio')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('while saving the choices and Save are disabled; a refusal and a saved notice are read out', async () => {
    const { container, rerender } = render(
      <CookieConsentPanel mode="notice" isSaving error="Refused." onSave={vi.fn()} />,
    );
    expect((screen.getByLabelText('Notice only').closest('fieldset') as HTMLFieldSetElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: 'Saving…' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Refused.');
    await expectNoAxeViolations(container);
    rerender(<CookieConsentPanel mode="notice" done="Saved." onSave={vi.fn()} />);
    expect(screen.getByText('Saved.')).toBeDefined();
  });
});
