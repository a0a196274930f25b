import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { AutomationPanel, automationStatus } from './AutomationPanel';
import { MailingListPanel, mailingListPanelMessages } from './MailingListPanel';

afterEach(cleanup);

const lists = [
  { id: 'l1', name: 'Workshop news' },
  { id: 'l2', name: 'Wholesale' },
];
const handlers = () => ({ onConnect: vi.fn(), onDisconnect: vi.fn(), onDoubleOptInChange: vi.fn() });

describe('MailingListPanel', () => {
  it('asks for a list before connecting, then connects the chosen one', async () => {
    const h = handlers();
    const { container } = render(<MailingListPanel lists={lists} listId="" doubleOptIn {...h} />);
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(screen.getByRole('alert').textContent).toBe(mailingListPanelMessages.listRequired);
    expect(h.onConnect).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
    fireEvent.change(screen.getByLabelText('List'), { target: { value: 'l2' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(h.onConnect).toHaveBeenCalledWith('l2');
    fireEvent.click(screen.getByLabelText(/Double opt-in/));
    expect(h.onDoubleOptInChange).toHaveBeenCalledWith(false);
  });

  it('disconnects only after the confirmation, and cancel keeps the list', async () => {
    const h = handlers();
    render(<MailingListPanel lists={lists} listId="l1" doubleOptIn={false} {...h} />);
    expect(screen.getByText('Workshop news')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Disconnect the mailing list?' });
    await expectNoAxeViolations(dialog);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(h.onDisconnect).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    const confirm = screen.getAllByRole('button', { name: 'Disconnect' }).at(-1)!;
    fireEvent.click(confirm);
    expect(h.onDisconnect).toHaveBeenCalledOnce();
  });

  it('says the site has no lists yet and links to where they are made', async () => {
    const { container } = render(
      <MailingListPanel
        lists={[]}
        listId=""
        doubleOptIn
        manageHref="/config/mailing-lists"
        {...handlers()}
      />,
    );
    expect(container.textContent).toContain(mailingListPanelMessages.noLists);
    expect(screen.getByRole('link', { name: 'Create a mailing list' }).getAttribute('href')).toBe(
      '/config/mailing-lists',
    );
    expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('shows a viewer the connection without controls', () => {
    render(<MailingListPanel lists={lists} listId="l1" doubleOptIn isReadOnly {...handlers()} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect((screen.getByLabelText(/Double opt-in/) as HTMLInputElement).disabled).toBe(true);
  });

  it('waits for the lists, then says why they failed, instead of claiming there are none', async () => {
    const { container, rerender } = render(
      <MailingListPanel lists={[]} listId="" doubleOptIn isLoading {...handlers()} />,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(container.textContent).not.toContain("You don't have any mailing lists");
    await expectNoAxeViolations(container);
    rerender(
      <MailingListPanel
        lists={[]}
        listId=""
        doubleOptIn
        loadError="Unable to load the mailing lists."
        {...handlers()}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Unable to load the mailing lists.');
    expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull();
    await expectNoAxeViolations(container);
  });
});

describe('AutomationPanel', () => {
  it('reads "Awaiting connection" or "N Zaps connected"', async () => {
    expect([0, 1, 3].map(automationStatus)).toEqual([
      'Awaiting connection',
      '1 Zap connected',
      '3 Zaps connected',
    ]);
    const { container } = render(<AutomationPanel connectedCount={2} manageHref="/config/automations" />);
    expect(container.textContent).toContain('2 Zaps connected');
    await expectNoAxeViolations(container);
  });

  it('does not claim a count while loading or after a failure', async () => {
    const { container, rerender } = render(
      <AutomationPanel connectedCount={0} isLoading manageHref="/config/automations" />,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(container.textContent).not.toContain('Awaiting connection');
    rerender(
      <AutomationPanel
        connectedCount={0}
        error="Unable to load the webhooks."
        manageHref="/config/automations"
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Unable to load the webhooks.');
    await expectNoAxeViolations(container);
  });
});
