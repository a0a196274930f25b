import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { carrierTrackingUrl, CARRIERS, knownCarrier } from './carriers';

describe('carrierTrackingUrl', () => {
  it.each([
    ['UPS', '1Z999AA10123456784', 'https://www.ups.com/track?tracknum=1Z999AA10123456784'],
    ['usps', '9400 1000 0000', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000%200000'],
    ['FedEx', '123456789012', 'https://www.fedex.com/fedextrack/?trknbr=123456789012'],
    [
      'DHL',
      'JD014600006281230704',
      'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=JD014600006281230704',
    ],
    [
      'royal mail',
      'AB123456789GB',
      'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    ],
    [
      ' Canada Post ',
      '7023210039414604',
      'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=7023210039414604',
    ],
    ['Australia Post', '33AB1234', 'https://auspost.com.au/mypost/track/details/33AB1234'],
    ['Bob’s Couriers', '42', undefined],
    ['', '42', undefined],
    [undefined, '42', undefined],
    ['UPS', '   ', undefined],
  ])('%j %j → %s', (carrier, number, url) => expect(carrierTrackingUrl(carrier, number)).toBe(url));

  it('keeps any typed number on the carrier’s own site, encoded in its place', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CARRIERS), fc.string({ minLength: 1 }), (carrier, n) => {
        fc.pre(n.trim() !== '');
        const href = carrierTrackingUrl(carrier.name, n)!;
        const [before] = carrier.url.split('{n}');
        expect(href).toBe(before + encodeURIComponent(n.trim()));
        expect(new URL(href).origin).toBe(new URL(carrier.url.replace('{n}', '')).origin);
      }),
    );
  });

  it('names a listed carrier however it was typed', () => {
    expect(knownCarrier('fedex')).toBe('FedEx');
    expect(knownCarrier('RoyalMail')).toBe('Royal Mail');
    expect(knownCarrier('Evri')).toBeUndefined();
  });
});
