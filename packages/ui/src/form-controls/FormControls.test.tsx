import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test/axe';
import { FormTextField } from './FormTextField';
import { QuantityStepper } from './QuantityStepper';
import { SelectField } from './SelectField';

afterEach(cleanup);

function ControlledText({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return <FormTextField id="city" label="City" value={value} onChange={setValue} error={error} isRequired />;
}

describe('FormTextField', () => {
  it('labels the input, puts its id on the input and shows the error as its description', () => {
    const { rerender } = render(<ControlledText />);
    const input = screen.getByRole('textbox', { name: 'City' }) as HTMLInputElement;
    expect(input.id).toBe('city');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(input, { target: { value: 'Oslo' } });
    expect(input.value).toBe('Oslo');
    rerender(<ControlledText error="Required" />);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby')!.split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain('Required');
  });

  it('marks optional fields in the label', () => {
    render(<FormTextField id="line2" label="Apartment" value="" onChange={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'Apartment (optional)' })).toBeTruthy();
  });
});

describe('SelectField', () => {
  it('reports the chosen value and shows its error', () => {
    const onChange = vi.fn();
    render(
      <SelectField
        id="country"
        label="Country"
        value=""
        onChange={onChange}
        placeholder="Select a country"
        options={[
          { value: 'NO', label: 'Norway' },
          { value: 'SE', label: 'Sweden' },
        ]}
        error="Required"
        isRequired
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Country' });
    fireEvent.change(select, { target: { value: 'SE' } });
    expect(onChange).toHaveBeenCalledWith('SE');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(select.getAttribute('aria-describedby')!)?.textContent).toBe('Required');
  });
});

describe('QuantityStepper', () => {
  it('steps within 1..9999 and disables the buttons at the bounds', () => {
    const onCommit = vi.fn();
    const { rerender } = render(<QuantityStepper value={1} onCommit={onCommit} label="Quantity" />);
    expect(screen.getByRole('button', { name: 'Decrease quantity' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(onCommit).toHaveBeenCalledWith(2);
    rerender(<QuantityStepper value={9999} onCommit={onCommit} label="Quantity" />);
    expect(screen.getByRole('button', { name: 'Increase quantity' }).hasAttribute('disabled')).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement).value).toBe('9999');
  });

  it('does not commit an unchanged value, and trims what was typed', () => {
    const onCommit = vi.fn();
    render(<QuantityStepper value={3} onCommit={onCommit} label="Quantity" />);
    const input = screen.getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement;
    fireEvent.blur(input);
    expect(onCommit).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: ' 04 ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onCommit).toHaveBeenCalledWith(4);
    expect(input.value).toBe('4');
  });

  it('shows an outside error until the value changes', () => {
    const { rerender } = render(
      <QuantityStepper value={2} onCommit={() => {}} label="Quantity" error="Unable to update quantity" />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Unable to update quantity');
    rerender(<QuantityStepper value={2} onCommit={() => {}} label="Quantity" />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <div>
        <QuantityStepper value={2} onCommit={() => {}} label="Quantity" />
        <FormTextField id="e" label="Email" value="" onChange={() => {}} error="Required" isRequired />
        <SelectField
          id="c"
          label="Country"
          value=""
          onChange={() => {}}
          options={[{ value: 'NO', label: 'Norway' }]}
          placeholder="Select"
        />
      </div>,
    );
    await expectNoAxeViolations(container);
  });
});
