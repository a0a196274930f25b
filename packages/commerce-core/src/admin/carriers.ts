/**
 * The carriers an owner picks when marking an order fulfilled, each with the page a customer
 * follows to track a parcel. The tracking number goes into the address as typed (encoded), so
 * the link in the shipping email opens that parcel's page; any other carrier takes the owner's
 * own tracking link instead.
 */
export const CARRIERS = [
  { name: 'UPS', url: 'https://www.ups.com/track?tracknum={n}' },
  { name: 'USPS', url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={n}' },
  { name: 'FedEx', url: 'https://www.fedex.com/fedextrack/?trknbr={n}' },
  {
    name: 'DHL',
    url: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id={n}',
  },
  { name: 'Royal Mail', url: 'https://www.royalmail.com/track-your-item#/tracking-results/{n}' },
  {
    name: 'Canada Post',
    url: 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={n}',
  },
  { name: 'Australia Post', url: 'https://auspost.com.au/mypost/track/details/{n}' },
] as const;

export type CarrierName = (typeof CARRIERS)[number]['name'];

const byKey = new Map<string, (typeof CARRIERS)[number]>(
  CARRIERS.map((c) => [c.name.toLowerCase().replace(/\s+/g, ''), c]),
);

/** The carrier as the list names it, whatever the case or spacing it was typed with ("royal mail"). */
export function knownCarrier(carrier: string | null | undefined): CarrierName | undefined {
  return carrier ? byKey.get(carrier.trim().toLowerCase().replace(/\s+/g, ''))?.name : undefined;
}

/** The carrier's tracking page for this parcel; undefined for a carrier not in the list. */
export function carrierTrackingUrl(
  carrier: string | null | undefined,
  trackingNumber: string | null | undefined,
): string | undefined {
  const number = trackingNumber?.trim();
  const known = knownCarrier(carrier);
  if (!known || !number) return undefined;
  return CARRIERS.find((c) => c.name === known)!.url.replace('{n}', encodeURIComponent(number));
}
