import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { DEFAULT_WEEK, type DayHours } from '@site/page-content';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { BusinessHoursPanel, businessHoursPanelMessages as m } from './BusinessHoursPanel';

afterEach(cleanup);

const open = (opens: string, closes: string): DayHours => ({ closed: false, opens, closes });

describe('BusinessHoursPanel', () => {
  it('starts a site without hours from a usual week, shown once switched on, and passes axe', async () => {
    const onSave = vi.fn();
    const { container } = render(<BusinessHoursPanel hours={null} onSave={onSave} />);
    await expectNoAxeViolations(container);
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.queryByLabelText(m.opens('Monday'))).toBeNull();
    fireEvent.click(screen.getByLabelText(m.show));
    expect((screen.getByLabelText(m.opens('Monday')) as HTMLInputElement).value).toBe('09:00');
    expect(within(screen.getByRole('group', { name: 'Sunday' })).getByText(m.closedDay)).toBeTruthy();
    await expectNoAxeViolations(container);
    fireEvent.click(save);
    expect(onSave).toHaveBeenCalledWith(DEFAULT_WEEK);
  });

  it('changes a day’s times, closes and opens days, copies Monday to the weekdays', () => {
    const onSave = vi.fn();
    render(<BusinessHoursPanel hours={DEFAULT_WEEK} onSave={onSave} />);
    fireEvent.change(screen.getByLabelText(m.opens('Monday')), { target: { value: '08:30' } });
    fireEvent.change(screen.getByLabelText(m.closes('Monday')), { target: { value: '01:00' } });
    // Closing before opening runs past midnight, and says so.
    expect(within(screen.getByRole('group', { name: 'Monday' })).getByText(m.pastMidnight)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: m.copyMonday }));
    fireEvent.click(screen.getByLabelText(m.open('Wednesday')));
    fireEvent.click(screen.getByLabelText(m.open('Sunday')));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const monday = open('08:30', '01:00');
    expect(onSave).toHaveBeenCalledWith([
      monday,
      monday,
      { ...monday, closed: true },
      monday,
      monday,
      DEFAULT_WEEK[5],
      { closed: false, opens: '09:00', closes: '17:00' },
    ]);
  });

  it('takes the hours off the site with the switch', () => {
    const onSave = vi.fn();
    render(<BusinessHoursPanel hours={DEFAULT_WEEK} onSave={onSave} />);
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText(m.show));
    fireEvent.click(save);
    expect(onSave).toHaveBeenCalledWith(null);
  });

  it('names the field the server refused, beside it', async () => {
    const { container } = render(
      <BusinessHoursPanel
        hours={DEFAULT_WEEK}
        fieldErrors={{ 'hours.1.closes': 'The opening and closing times must differ.' }}
        onSave={vi.fn()}
      />,
    );
    const closes = screen.getByLabelText(m.closes('Tuesday'));
    expect(closes.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(closes.getAttribute('aria-describedby')!)?.textContent).toBe(
      'The opening and closing times must differ.',
    );
    await expectNoAxeViolations(container);
  });

  it('says so while loading and when loading failed, with a retry', () => {
    const onRetry = vi.fn();
    const { rerender } = render(<BusinessHoursPanel isLoading onSave={vi.fn()} />);
    expect(screen.getByText(m.loading)).toBeTruthy();
    rerender(
      <BusinessHoursPanel
        loadError="The opening hours could not be loaded."
        onRetry={onRetry}
        onSave={vi.fn()}
      />,
    );
    expect(screen.getByText('The opening hours could not be loaded.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(onRetry).toHaveBeenCalled();
  });
});
