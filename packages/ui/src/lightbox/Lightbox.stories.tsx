import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { formSchema } from '@site/forms';
import { AdditionalFieldsForm } from '../additional-fields/AdditionalFieldsForm';
import { Lightbox } from './Lightbox';

const form = formSchema.parse({
  id: 'engraving',
  fields: [
    { id: 'name', type: 'text', title: 'Name to engrave', required: true },
    { id: 'note', type: 'textarea', title: 'Gift note', maxLength: 140 },
  ],
});

function Demo({ tall }: { tall: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open lightbox
      </button>
      <Lightbox isOpen={open} onClose={() => setOpen(false)} title="Personalise your mug">
        <AdditionalFieldsForm
          form={form}
          onSubmit={() =>
            new Promise<void>((r) =>
              setTimeout(() => {
                r();
                setOpen(false);
              }, 800),
            )
          }
        />
        {tall ? <div style={{ height: 1200 }} aria-hidden="true" /> : null}
      </Lightbox>
    </>
  );
}

const meta = {
  title: 'Storefront/Lightbox',
  component: Demo,
  args: { tall: false },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Centred; closes with the × control or Escape and gives focus back to the opener. */
export const WithAdditionalFields: Story = {};
/** Taller than the window: 50 px from the top, the overlay scrolls. */
export const TallContent: Story = { args: { tall: true } };
