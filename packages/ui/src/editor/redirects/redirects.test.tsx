import { redirectMessages } from '@site/page-content';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { RedirectsPanel } from './RedirectsPanel';

afterEach(cleanup);

const redirects = [
  { from: '/old-blog/*', to: '/blog/*', status: 301 as const, createdAt: '2026-11-28T10:00:00Z' },
  { from: '/a', to: '/b', status: 302 as const, servedTo: '/about', createdAt: '2026-11-27T10:00:00Z' },
];
const handlers = () => ({ onAdd: vi.fn(), onUpdate: vi.fn(), onRemove: vi.fn() });

describe('RedirectsPanel', () => {
  it('lists rules with their kind and where chained ones land, accessibly', async () => {
    const { container } = render(<RedirectsPanel redirects={redirects} {...handlers()} />);
    await expectNoAxeViolations(container);
    const rows = within(screen.getByRole('list', { name: 'Redirects' })).getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('/old-blog/* → /blog/*');
    expect(rows[0]!.textContent).toContain('Permanent (301)');
    expect(rows[1]!.textContent).toContain('Temporary (302)');
    expect(rows[1]!.textContent).toContain('visitors land on /about');
  });

  it('checks a rule as typed and adds it', () => {
    const h = handlers();
    render(<RedirectsPanel redirects={[]} {...h} />);
    expect(screen.getByText('No redirects yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Old address'), { target: { value: 'https://x.example/a' } });
    fireEvent.change(screen.getByLabelText('New address'), { target: { value: '/blog/*' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add redirect' }));
    expect(screen.getByText(redirectMessages.fromNotPath)).toBeTruthy();
    expect(screen.getByLabelText('Old address').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Old address'), { target: { value: '/old-blog/*' } });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: '302' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add redirect' }));
    expect(h.onAdd).toHaveBeenCalledWith({ from: '/old-blog/*', to: '/blog/*', status: 302 });
    expect((screen.getByLabelText('Old address') as HTMLInputElement).value).toBe('');
  });

  it('edits one rule in place and removes another', () => {
    const h = handlers();
    render(<RedirectsPanel redirects={redirects} {...h} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit redirect from /a' }));
    const row = screen.getAllByRole('listitem')[1]!;
    fireEvent.change(within(row).getByLabelText('New address'), { target: { value: '/contact' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    expect(h.onUpdate).toHaveBeenCalledWith('/a', { from: '/a', to: '/contact', status: 302 });
    fireEvent.click(screen.getByRole('button', { name: 'Remove redirect from /old-blog/*' }));
    expect(h.onRemove).toHaveBeenCalledWith('/old-blog/*');
  });

  it('shows the server refusal, and nothing to change when read-only', () => {
    render(<RedirectsPanel redirects={redirects} {...handlers()} isReadOnly error="Nope" />);
    expect(screen.getByRole('alert').textContent).toBe('Nope');
    expect(screen.queryByRole('button', { name: /Edit|Remove|Add/ })).toBeNull();
  });
});
