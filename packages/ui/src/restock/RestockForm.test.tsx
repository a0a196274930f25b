import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test/axe';
import { RestockForm, restockServerMessage } from './RestockForm';

afterEach(cleanup);

const email = () => screen.getByRole('textbox', { name: 'Email address' });
const submit = () => screen.getByRole('button', { name: 'Sign Up' });
const type = (value: string) => fireEvent.change(email(), { target: { value } });

describe('RestockForm', () => {
  it("a signed-in member's restock sign-up asks for no email and no mailing list", async () => {
    const onSubmit = vi.fn(async () => {});
    const { container } = render(
      <RestockForm signedIn onSubmit={onSubmit} merchandising={{ mailingListSignUpEnabled: true }} />,
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    await act(async () => fireEvent.click(submit()));
    expect(onSubmit).toHaveBeenCalledWith({ email: '', isJoinMailingList: false });
    expect(screen.getByText('Signed up!')).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it("keeps what the visitor typed before it replaced the page's own form, and sends it", async () => {
    const onSubmit = vi.fn(async () => {});
    render(<RestockForm onSubmit={onSubmit} initialEmail="ada@example.com" />);
    expect((email() as HTMLInputElement).value).toBe('ada@example.com');
    await act(async () => fireEvent.click(submit()));
    expect(onSubmit).toHaveBeenCalledWith({ email: 'ada@example.com', isJoinMailingList: false });
  });

  it.each([
    ['', 'Email cannot be blank'],
    ['   ', 'Email cannot be blank'],
    ['not-an-email', 'Email is invalid'],
  ])('rejects %j with "%s" without calling onSubmit', async (value, message) => {
    const onSubmit = vi.fn(async () => {});
    render(<RestockForm onSubmit={onSubmit} />);
    type(value);
    await act(async () => fireEvent.click(submit()));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(message)).toBeTruthy();
    // The message describes the field for screen readers.
    const describedBy = email().getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain(message);
  });

  it('clears the old error on the next submit and replaces the block with "Signed up!"', async () => {
    const onSubmit = vi.fn(async () => {});
    render(
      <RestockForm
        onSubmit={onSubmit}
        merchandising={{
          restockNotificationMessages: {
            CTAText: 'Back soon?',
            buttonText: 'Sign Up',
            placeholderText: 'you@example.com',
            mailingListDescription: 'Join',
          },
        }}
      />,
    );
    await act(async () => fireEvent.click(submit()));
    expect(screen.getByText('Email cannot be blank')).toBeTruthy();
    type(' ada@example.com ');
    await act(async () => fireEvent.click(submit()));
    expect(screen.queryByText('Email cannot be blank')).toBeNull();
    expect(onSubmit).toHaveBeenCalledWith({ email: 'ada@example.com', isJoinMailingList: false });
    expect(screen.getByRole('status').textContent).toBe('Signed up!');
    expect(screen.getByText('Back soon?')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("uses the store's success text", async () => {
    render(
      <RestockForm onSubmit={async () => {}} merchandising={{ restockSuccessText: "We'll email you." }} />,
    );
    type('ada@example.com');
    await act(async () => fireEvent.click(submit()));
    expect(screen.getByRole('status').textContent).toBe("We'll email you.");
  });

  it('shows the mailing-list checkbox only when enabled, defaulting to mailingListOptInByDefault', async () => {
    const { unmount } = render(<RestockForm onSubmit={async () => {}} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    unmount();
    const onSubmit = vi.fn(async () => {});
    render(
      <RestockForm
        onSubmit={onSubmit}
        merchandising={{ mailingListSignUpEnabled: true, mailingListOptInByDefault: true }}
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'Join our mailing list' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(box.checked).toBe(false);
    type('ada@example.com');
    await act(async () => fireEvent.click(submit()));
    expect(onSubmit).toHaveBeenCalledWith({ email: 'ada@example.com', isJoinMailingList: false });
  });

  it('sends isJoinMailingList true when the visitor opts in', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<RestockForm onSubmit={onSubmit} merchandising={{ mailingListSignUpEnabled: true }} />);
    fireEvent.click(screen.getByRole('checkbox'));
    type('ada@example.com');
    await act(async () => fireEvent.click(submit()));
    expect(onSubmit).toHaveBeenCalledWith({ email: 'ada@example.com', isJoinMailingList: true });
  });

  it.each([
    [new Error('boom'), 'Unable to submit form. Please try again later.'],
    [{ response: { data: { message: 'Already signed up.' } } }, 'Already signed up.'],
    ['Too many sign-ups.', 'Too many sign-ups.'],
  ])('shows the error line after a failed send (%#)', async (error, line) => {
    render(<RestockForm onSubmit={() => Promise.reject(error)} />);
    type('ada@example.com');
    await act(async () => fireEvent.click(submit()));
    expect(screen.getByRole('alert').textContent).toBe(line);
    expect(email()).toBeTruthy();
  });

  it('marks the button pending while sending and ignores a second submit', async () => {
    let finish!: () => void;
    const onSubmit = vi.fn(() => new Promise<void>((r) => (finish = r)));
    render(<RestockForm onSubmit={onSubmit} />);
    type('ada@example.com');
    await act(async () => fireEvent.click(submit()));
    expect(submit().getAttribute('aria-disabled')).toBe('true');
    await act(async () => fireEvent.submit(email().closest('form')!));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(screen.getByRole('status').textContent).toBe('Signed up!');
  });

  it('reads server messages from the usual rejection shapes', () => {
    expect(restockServerMessage('x')).toBe('x');
    expect(restockServerMessage({ serverMessage: 'y' })).toBe('y');
    expect(restockServerMessage({ response: { data: { message: 'z' } } })).toBe('z');
    expect(restockServerMessage(new Error('network'))).toBeUndefined();
    expect(restockServerMessage(null)).toBeUndefined();
  });

  it('has no accessibility violations idle, invalid and failed', async () => {
    const { container } = render(
      <RestockForm
        onSubmit={() => Promise.reject(new Error())}
        merchandising={{ mailingListSignUpEnabled: true }}
      />,
    );
    await expectNoAxeViolations(container);
    await act(async () => fireEvent.click(submit()));
    await expectNoAxeViolations(container);
    type('ada@example.com');
    await act(async () => fireEvent.click(submit()));
    await expectNoAxeViolations(container);
  });

  it('puts the captcha container inside the form just above the button, and hands the same element over across renders', async () => {
    const seen: (HTMLDivElement | null)[] = [];
    const captchaRef = (el: HTMLDivElement | null) => void seen.push(el);
    const { container, rerender } = render(<RestockForm onSubmit={async () => {}} captchaRef={captchaRef} />);
    const slot = container.querySelector('form .form-captcha')!;
    expect(slot.nextElementSibling).toBe(submit());
    type('not-an-email');
    await act(async () => fireEvent.click(submit()));
    rerender(<RestockForm onSubmit={async () => {}} captchaRef={captchaRef} />);
    expect(seen).toEqual([slot]);
  });

  it('has no captcha container when the site has its captcha off', () => {
    const { container } = render(<RestockForm onSubmit={async () => {}} />);
    expect(container.querySelector('.form-captcha')).toBeNull();
  });
});
