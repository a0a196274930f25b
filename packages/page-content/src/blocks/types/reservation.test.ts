import { describe, expect, it } from 'vitest';
import { documentReferences, renderBlock } from '../../render/render-document';
import { messages } from '../../messages';
import { EMPTY_RENDER_DATA } from '../../render/render-document';

const form = {
  name: 'Bookings',
  fields: [
    { id: 'date', type: 'date', title: 'Date', required: true },
    { id: 'guests', type: 'number', title: 'Number of guests', required: true },
  ],
};
const reservation = (settings: Record<string, unknown>) => ({ id: 'r', type: 'reservation', settings });

describe('reservation block', () => {
  it('shows the chosen booking form with the markers the forms flow sends it by', () => {
    const data = { ...EMPTY_RENDER_DATA, forms: new Map([['form-bookings', form]]) };
    const html = renderBlock(
      reservation({ formId: 'form-bookings', note: 'For groups over 8, please call us.' }),
      data,
    ).html;
    expect(html).toContain('<h2 class="reservation-block__title">Book a table</h2>');
    expect(html).toContain('data-site-form-block');
    expect(html).toContain('<form class="site-form" data-site-form data-form-id="form-bookings"');
    expect(html).toContain('Number of guests');
    expect(html).toContain('>Request a booking</button>');
    expect(html).toContain('<p class="reservation-block__note">For groups over 8, please call us.</p>');
  });

  it('asks the owner for a booking form until one is chosen, and loads only the one it shows', () => {
    expect(renderBlock(reservation({})).html).toContain(messages.blocks.reservationNoForm);
    const document = { sections: [{ id: 's', blocks: [reservation({ formId: 'form-bookings' })] }] };
    expect(documentReferences(document as never).forms).toEqual(['form-bookings']);
  });
});
