import { composeStories } from '@storybook/react-vite';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { EditorField, type EditorFieldProps } from './EditorField';
import * as stories from './EditorField.stories';

afterEach(cleanup);

/** The text a screen reader reads after the control's name: its aria-describedby targets, in order. */
const description = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

const field = (over: Partial<EditorFieldProps> = {}) => (
  <EditorField label="Page title" {...over}>
    {(control) => <input {...control} className="ed-input" />}
  </EditorField>
);

describe('EditorField', () => {
  it('labels its control and describes it with nothing more when plain', async () => {
    const { container } = render(field());
    const input = screen.getByLabelText('Page title');
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(container.firstElementChild?.className).toBe('ed-field');
    await expectNoAxeViolations(container);
  });

  it('reads the hint with the control', async () => {
    const { container } = render(field({ hint: 'Shown in the browser tab.' }));
    expect(description(screen.getByLabelText('Page title'))).toBe('Shown in the browser tab.');
    expect(container.querySelector('.ed-field__hint')?.textContent).toBe('Shown in the browser tab.');
    await expectNoAxeViolations(container);
  });

  it('marks the control invalid and reads the hint and then the error', async () => {
    const { container } = render(field({ hint: 'Up to 200 characters.', error: 'Give the page a title.' }));
    const input = screen.getByLabelText('Page title');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(description(input)).toBe('Up to 200 characters. Give the page a title.');
    expect(container.querySelector('.ed-field__error')?.textContent).toBe('Give the page a title.');
    expect(screen.queryByRole('alert')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('says an error made while typing at once when asked', () => {
    render(field({ error: 'The end is before the start.', announceError: true }));
    expect(screen.getByRole('alert').textContent).toBe('The end is before the start.');
  });

  it('passes disabled and required to the control', async () => {
    const { container } = render(field({ disabled: true, required: true }));
    const input = screen.getByLabelText('Page title') as HTMLInputElement;
    expect(input.disabled).toBe(true);
    expect(input.required).toBe(true);
    await expectNoAxeViolations(container);
  });

  it('uses the id it is given and keeps layout classes', () => {
    const { container } = render(field({ id: 'title', className: 'ed-field--wide' }));
    expect(screen.getByLabelText('Page title').id).toBe('title');
    expect(container.firstElementChild?.className).toBe('ed-field ed-field--wide');
  });

  it('labels a select as well', async () => {
    const { container } = render(
      <EditorField label="Status" hint="Everyone can see it.">
        {(control) => (
          <select {...control} className="ed-input">
            <option>Published</option>
          </select>
        )}
      </EditorField>,
    );
    expect(description(screen.getByRole('combobox', { name: 'Status' }))).toBe('Everyone can see it.');
    await expectNoAxeViolations(container);
  });
});

describe('EditorField stories', () => {
  it.each(Object.entries(composeStories(stories)))('%s passes axe', async (_name, Story) => {
    const { container } = render(<Story />);
    expect(container.querySelector('.ed-field__label')).not.toBeNull();
    await expectNoAxeViolations(container);
  });
});
