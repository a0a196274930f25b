import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formSchema } from '@site/forms';
import { AdditionalFieldsForm } from '../additional-fields/AdditionalFieldsForm';
import { expectNoAxeViolations } from '../test/axe';
import { Lightbox } from './Lightbox';

afterEach(cleanup);

const form = formSchema.parse({ id: 'f', fields: [{ id: 'msg', type: 'text', title: 'Message' }] });

function Harness({ onSubmit = async () => {} }: { onSubmit?: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add Engraved Mug
      </button>
      <Lightbox isOpen={open} onClose={() => setOpen(false)} title="Engraving">
        <AdditionalFieldsForm form={form} onSubmit={onSubmit} />
      </Lightbox>
    </>
  );
}

async function openLightbox() {
  const opener = screen.getByRole('button', { name: 'Add Engraved Mug' });
  act(() => opener.focus());
  fireEvent.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Engraving' });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return { opener, dialog };
}

describe('Lightbox', () => {
  it('is a labelled modal dialog holding the form', async () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).toBeNull();
    const { dialog } = await openLightbox();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(dialog.closest('[data-rac]')).toBeTruthy();
  });

  it('closes with the close control and returns focus to the opener', async () => {
    render(<Harness />);
    const { opener } = await openLightbox();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('closes on Escape', async () => {
    render(<Harness />);
    const { opener } = await openLightbox();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('keeps focus inside: Tab from the last control wraps to the first', async () => {
    render(<Harness />);
    const { dialog } = await openLightbox();
    const submit = screen.getByRole('button', { name: 'Add to Cart' });
    act(() => submit.focus());
    fireEvent.keyDown(submit, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    act(() => screen.getByRole('button', { name: 'Add Engraved Mug', hidden: true }).focus());
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  });

  it('does not close on a click outside, so typed answers survive', async () => {
    const onClose = vi.fn();
    render(
      <Lightbox isOpen onClose={onClose} title="Engraving">
        <p>Body</p>
      </Lightbox>,
    );
    const underlay = document.querySelector('.sqs-lightbox-overlay')!;
    fireEvent.pointerDown(underlay, { button: 0, pointerId: 1 });
    fireEvent.pointerUp(underlay, { button: 0, pointerId: 1 });
    fireEvent.click(underlay);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('has no accessibility violations when open', async () => {
    render(<Harness />);
    const { dialog } = await openLightbox();
    await expectNoAxeViolations(dialog);
  });
});
