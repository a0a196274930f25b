import { editorFormInputSchema, type EditorForm } from '@site/forms';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { FormEditorPanel } from './FormEditorPanel';
import { SubmissionsPanel } from './SubmissionsPanel';

afterEach(cleanup);

const empty = editorFormInputSchema.parse({ name: 'Survey', fields: [] });
const lists = [{ id: 'l1', name: 'Workshop news' }];

function Harness({
  onChange,
  formHandler = true,
  initial = empty,
}: {
  onChange: (f: EditorForm) => void;
  formHandler?: boolean;
  initial?: EditorForm;
}) {
  const [form, setForm] = useState(initial);
  return (
    <FormEditorPanel
      form={form}
      features={{ formHandler }}
      lists={lists}
      onChange={(f) => {
        setForm(f);
        onChange(f);
      }}
    />
  );
}

const add = (type: string) => {
  fireEvent.change(screen.getByLabelText('Field type'), { target: { value: type } });
  fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
};

describe('FormEditorPanel', () => {
  it('builds a form with a likert, an address and a hidden field, editing their properties', async () => {
    const onChange = vi.fn();
    const { container } = render(<Harness onChange={onChange} />);
    await expectNoAxeViolations(container);
    add('likert');
    fireEvent.change(screen.getByLabelText('Statements (one per line)'), {
      target: { value: 'Quick\nKind' },
    });
    add('address');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Where you live' } });
    add('hidden');
    fireEvent.change(screen.getByLabelText('Key'), { target: { value: 'utm_source' } });
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: 'direct' } });
    add('phone');
    fireEvent.click(screen.getByLabelText('Show country code'));
    add('currency');
    fireEvent.change(screen.getByLabelText('Currency symbol'), { target: { value: '€' } });
    add('section');
    fireEvent.click(screen.getByLabelText('Underline'));
    const form = onChange.mock.lastCall![0] as EditorForm;
    expect(form.fields.map((f) => f.type)).toEqual([
      'likert',
      'address',
      'hidden',
      'phone',
      'currency',
      'section',
    ]);
    expect(form.fields[0]).toMatchObject({ options: ['Quick', 'Kind'] });
    expect(form.fields[1]).toMatchObject({ title: 'Where you live' });
    expect(form.fields[2]).toMatchObject({ key: 'utm_source', value: 'direct' });
    expect(form.fields[3]).toMatchObject({ showCountryCode: true });
    expect(form.fields[4]).toMatchObject({ currencySymbol: '€' });
    expect(form.fields[5]).toMatchObject({ underline: true });
    expect(editorFormInputSchema.safeParse(form).success).toBe(true);
    await expectNoAxeViolations(container);
  });

  it('offers the textarea maximum length only with the form-handler feature', () => {
    const { unmount } = render(<Harness onChange={vi.fn()} />);
    add('textarea');
    expect(screen.queryByLabelText('Maximum length')).not.toBeNull();
    unmount();
    render(<Harness onChange={vi.fn()} formHandler={false} />);
    add('textarea');
    expect(screen.queryByLabelText('Maximum length')).toBeNull();
  });

  it('shows the five fieldsets in order, and storage with the inbox always on', async () => {
    const onChange = vi.fn();
    const { container } = render(<Harness onChange={onChange} />);
    expect(screen.getAllByRole('tab').map((t) => [t.textContent, t.dataset.fieldset])).toEqual([
      ['Build', '1'],
      ['Storage', '2'],
      ['Advanced', '3'],
      ['Captcha', '4'],
      ['Disclaimer', '5'],
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'Storage' }));
    const inbox = screen.getByLabelText("The site's submissions inbox (always on)") as HTMLInputElement;
    expect(inbox.checked && inbox.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText("Add the submitter's email to a mailing list"));
    fireEvent.change(screen.getByLabelText('Mailing list'), { target: { value: 'l1' } });
    fireEvent.click(screen.getByLabelText('Email me each submission'));
    fireEvent.change(screen.getByLabelText('Send to (comma-separated)'), {
      target: { value: 'a@example.com, b@example.com' },
    });
    expect((onChange.mock.lastCall![0] as EditorForm).storage).toEqual({
      inbox: true,
      email: { enabled: true, recipients: ['a@example.com', 'b@example.com'] },
      mailingList: { enabled: true, listId: 'l1', doubleOptIn: true },
    });
    await expectNoAxeViolations(container);
  });

  it('marks problems at their place', () => {
    const initial = editorFormInputSchema.parse({
      name: 'S',
      fields: [{ id: 't', type: 'text', title: ' ' }],
    });
    render(
      <FormEditorPanel
        form={initial}
        features={{ formHandler: true }}
        lists={lists}
        onChange={vi.fn()}
        problems={[{ path: 'fields.0.title', message: 'Every field needs a title' }]}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Every field needs a title');
    expect(screen.getByRole('tab', { name: /Build/ }).textContent).toContain('•');
  });
});

describe('SubmissionsPanel', () => {
  it('lists submissions, shows one with its form summary and links the CSV', async () => {
    const onSelect = vi.fn();
    const { container } = render(
      <SubmissionsPanel
        submissions={[
          {
            id: 's1',
            submittedAt: '2026-01-01T00:00:00.000Z',
            pagePath: '/survey',
            preview: 'grace@example.com',
          },
        ]}
        total={1}
        onSelect={onSelect}
        csvHref="/x.csv"
        selected={{
          id: 's1',
          submittedAt: '2026-01-01T00:00:00.000Z',
          pagePath: '/survey',
          pageTitle: 'Survey',
          summary: [
            {
              title: 'Mood',
              answer: { kind: 'ratings', ratings: [{ question: 'Quick', answer: 'Agree' }] },
              noAnswerText: 'N/A',
            },
            { title: 'Note', answer: null, noAnswerText: 'N/A' },
          ],
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: '2026-01-01T00:00:00.000Z' }));
    expect(onSelect).toHaveBeenCalledWith('s1');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/x.csv');
    expect(container.textContent).toContain('Quick: Agree');
    expect(container.textContent).toContain('N/A');
    await expectNoAxeViolations(container);
  });

  it('says when there is nothing yet, and when loading failed', () => {
    const { rerender } = render(
      <SubmissionsPanel submissions={[]} total={0} onSelect={vi.fn()} csvHref="/x.csv" />,
    );
    expect(screen.getByText('No submissions yet.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
    rerender(
      <SubmissionsPanel
        submissions={undefined}
        total={0}
        onSelect={vi.fn()}
        csvHref="/x.csv"
        error="Unable to load. Try again."
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Unable to load. Try again.');
  });

  it('offers the older submissions while there are more, and waits while they load', () => {
    const onLoadMore = vi.fn();
    const one = [{ id: 's1', submittedAt: '2026-01-01T00:00:00.000Z', pagePath: '/survey', preview: 'a' }];
    const props = { submissions: one, total: 30, onSelect: vi.fn(), csvHref: '/x.csv', onLoadMore };
    const { rerender } = render(<SubmissionsPanel {...props} hasMore />);
    fireEvent.click(screen.getByRole('button', { name: 'Show older submissions' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(<SubmissionsPanel {...props} hasMore isLoadingMore />);
    expect((screen.getByRole('button', { name: 'Loading…' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<SubmissionsPanel {...props} hasMore={false} />);
    expect(screen.queryByRole('button', { name: /older|Loading/ })).toBeNull();
  });
});
