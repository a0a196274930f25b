import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formSchema, type FormValues } from '@site/forms';
import { expectNoAxeViolations } from '../test/axe';
import { AdditionalFieldsForm } from './AdditionalFieldsForm';

afterEach(cleanup);

const form = formSchema.parse({
  id: 'engraving',
  fields: [
    { id: 'name', type: 'text', title: 'Name on the tag', required: true },
    { id: 'note', type: 'textarea', title: 'Gift note', maxLength: 10 },
    { id: 'email', type: 'email', title: 'Email' },
    { id: 'qty', type: 'number', title: 'Lucky number' },
    { id: 'size', type: 'select', title: 'Size', options: ['S', 'M'], required: true },
    { id: 'wrap', type: 'radio', title: 'Wrapping', options: ['Paper', 'Box'] },
    { id: 'extras', type: 'checkbox', title: 'Extras', options: ['Card', 'Ribbon'], required: true },
    { id: 'when', type: 'date', title: 'Delivery date' },
    { id: 'sec', type: 'section', title: 'Details', underline: true },
    { id: 'src', type: 'hidden', key: 'utm', value: 'direct' },
  ],
});

const textbox = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const submit = () => screen.getByRole('button', { name: 'Add to Cart' });

function fillValid() {
  fireEvent.change(textbox('Name on the tag'), { target: { value: 'Ada' } });
  fireEvent.change(screen.getByRole('combobox', { name: /^Size/ }), { target: { value: 'M' } });
  fireEvent.click(screen.getByRole('checkbox', { name: 'Ribbon' }));
}

describe('AdditionalFieldsForm', () => {
  it('renders every supported control from the form model', () => {
    render(<AdditionalFieldsForm form={form} onSubmit={async () => {}} />);
    expect(textbox('Name on the tag').getAttribute('aria-required')).toBe('true');
    expect(textbox('Gift note').tagName).toBe('TEXTAREA');
    expect((textbox('Email') as HTMLInputElement).type).toBe('email');
    expect(textbox('Lucky number').getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByRole('combobox', { name: /^Size/ })).toBeTruthy();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['Paper', 'Box']);
    expect(screen.getByRole('group', { name: /^Extras/ })).toBeTruthy();
    // A type without its own control gets a plain text input.
    expect((textbox('Delivery date') as HTMLInputElement).type).toBe('text');
    expect(screen.getByRole('heading', { name: 'Details' })).toBeTruthy();
  });

  it('counts characters as "count / max" and flags going over without blocking input', () => {
    render(<AdditionalFieldsForm form={form} onSubmit={async () => {}} />);
    const note = textbox('Gift note');
    const counter = document.querySelector('.sqs-char-counter')!;
    expect(counter.textContent).toContain('0 / 10');
    fireEvent.change(note, { target: { value: 'Happy birthday' } });
    expect((note as HTMLTextAreaElement).value).toBe('Happy birthday');
    expect(counter.textContent).toContain('14 / 10');
    expect(counter.hasAttribute('data-over-limit')).toBe(true);
    expect(note.getAttribute('aria-describedby')).toContain(counter.id);
    expect(counter.textContent).toContain('14 of 10 characters');
  });

  it('validates with the form rules, messages above each title, and a summary', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<AdditionalFieldsForm form={form} onSubmit={onSubmit} />);
    fireEvent.change(textbox('Email'), { target: { value: 'nope' } });
    fireEvent.change(textbox('Gift note'), { target: { value: 'x'.repeat(11) } });
    await act(async () => fireEvent.click(submit()));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Update the missing or invalid information above.');

    const nameField = textbox('Name on the tag').closest('.sqs-field')!;
    const error = within(nameField as HTMLElement).getByText('Required');
    const label = nameField.querySelector('label')!;
    // The message comes before the field's title in document order.
    expect(error.compareDocumentPosition(label) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(textbox('Name on the tag').getAttribute('aria-invalid')).toBe('true');

    expect(screen.getByText('You have exceeded the character limit.')).toBeTruthy();
    expect(
      screen.getByText('Email is not valid. Email addresses should follow the format user@domain.com.'),
    ).toBeTruthy();
    expect(screen.getAllByText('Required')).toHaveLength(3);
    expect(screen.getByRole('combobox', { name: /^Size/ }).getAttribute('aria-invalid')).toBe('true');
  });

  it('submits collected values, shows "Saving…" meanwhile, and clears errors', async () => {
    let finish!: () => void;
    const onSubmit = vi.fn((_: FormValues) => new Promise<void>((r) => (finish = r)));
    render(<AdditionalFieldsForm form={form} onSubmit={onSubmit} />);
    await act(async () => fireEvent.click(submit()));
    fillValid();
    fireEvent.click(screen.getByRole('radio', { name: 'Box' }));
    await act(async () => fireEvent.click(submit()));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Ada',
      note: '',
      email: '',
      qty: '',
      size: 'M',
      wrap: 'Box',
      extras: ['Ribbon'],
      when: [],
      src: 'direct',
    });
    expect(screen.queryByText('Required')).toBeNull();
    const saving = screen.getByRole('button', { name: 'Saving…' });
    expect(saving.getAttribute('aria-disabled')).toBe('true');
    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeTruthy();
  });

  it('shows server field errors per field', async () => {
    render(
      <AdditionalFieldsForm
        form={form}
        onSubmit={async () => ({ fieldErrors: { name: 'That name is taken.' } })}
      />,
    );
    fillValid();
    await act(async () => fireEvent.click(submit()));
    expect(screen.getByText('That name is taken.')).toBeTruthy();
    expect(textbox('Name on the tag').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Update the missing or invalid information above.');
  });

  it('shows the failure message when onSubmit rejects', async () => {
    render(
      <AdditionalFieldsForm
        form={form}
        failureMessage="Unable to update form"
        onSubmit={() => Promise.reject(new Error('x'))}
      />,
    );
    fillValid();
    await act(async () => fireEvent.click(submit()));
    expect(screen.getByRole('alert').textContent).toBe('Unable to update form');
  });

  it('starts from saved values when editing', () => {
    render(
      <AdditionalFieldsForm
        form={form}
        initialValues={{ name: 'Grace', extras: ['Card'], wrap: 'Paper' }}
        submitLabel="Save"
        onSubmit={async () => {}}
      />,
    );
    expect((textbox('Name on the tag') as HTMLInputElement).value).toBe('Grace');
    expect((screen.getByRole('checkbox', { name: 'Card' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Paper' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('has no accessibility violations, clean and with errors', async () => {
    const { container } = render(<AdditionalFieldsForm form={form} onSubmit={async () => {}} />);
    await expectNoAxeViolations(container);
    await act(async () => fireEvent.click(submit()));
    await expectNoAxeViolations(container);
  });
});
