import { z } from 'zod';
import { fillMessage } from '../messages';
import { shippingMessages } from './messages';

const Cents = /* @__PURE__ */ (() => z.number().int().min(0).max(2_147_483_647))();
const Grams = /* @__PURE__ */ (() => z.number().int().min(0).max(10_000_000))();
const name = () =>
  z
    .string()
    .trim()
    .min(1, { message: shippingMessages.rateNameMissing })
    .max(60, { message: shippingMessages.nameTooLong });
const id = () => z.string().trim().min(1).max(64);

/** A place a zone covers: a country ("DE"), a state or province of one ("US-CA"), or "*" for the rest. */
export const ShippingAreaSchema = /* @__PURE__ */ (() =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^(?:[A-Z]{2}(?:-[A-Z0-9]{1,3})?|\*)$/, { message: shippingMessages.areaCode }))();

const uniqueBy =
  <T>(key: (t: T) => unknown) =>
  (items: readonly T[]) =>
    new Set(items.map(key)).size === items.length;

/** Free shipping once the order's goods reach this amount; absent for never. */
const freeOver = () => Cents.optional();

export const ShippingRateSchema = /* @__PURE__ */ (() =>
  z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('flat'),
      id: id(),
      name: name(),
      amountCents: Cents,
      freeOverCents: freeOver(),
    }),
    z.object({
      kind: z.literal('weight'),
      id: id(),
      name: name(),
      /** A rate applies from its minGrams up to the next one's; the parcel's weight is the products'. */
      brackets: z
        .array(z.object({ minGrams: Grams, amountCents: Cents }))
        .min(1, { message: shippingMessages.bracketsMissing })
        .max(50)
        .refine(
          uniqueBy((b: { minGrams: number }) => b.minGrams),
          { message: shippingMessages.bracketsDuplicate },
        ),
      /** Heavier parcels are not offered this option. */
      maxGrams: Grams.optional(),
      freeOverCents: freeOver(),
    }),
    z.object({
      kind: z.literal('price'),
      id: id(),
      name: name(),
      /** A rate applies from its minSubtotalCents up to the next one's. */
      brackets: z
        .array(z.object({ minSubtotalCents: Cents, amountCents: Cents }))
        .min(1, { message: shippingMessages.bracketsMissing })
        .max(50)
        .refine(
          uniqueBy((b: { minSubtotalCents: number }) => b.minSubtotalCents),
          { message: shippingMessages.bracketsDuplicate },
        ),
      freeOverCents: freeOver(),
    }),
    z.object({
      kind: z.literal('pickup'),
      id: id(),
      name: name(),
      amountCents: Cents.default(0),
      /** Where and when to collect, shown with the option. */
      instructions: z.string().trim().max(300).default(''),
    }),
  ]))();

export const ShippingZoneSchema = /* @__PURE__ */ (() =>
  z.object({
    id: id(),
    name: z
      .string()
      .trim()
      .min(1, { message: shippingMessages.zoneNameMissing })
      .max(60, { message: shippingMessages.nameTooLong }),
    areas: z.array(ShippingAreaSchema).min(1, { message: shippingMessages.zoneAreasMissing }).max(300),
    rates: z.array(ShippingRateSchema).max(20),
  }))();

/** The store's zones; a place belongs to one zone at most, so an address finds one set of options. */
export const ShippingZonesSchema = /* @__PURE__ */ (() =>
  z
    .array(ShippingZoneSchema)
    .max(50)
    .superRefine((zones, ctx) => {
      const seen = new Set<string>();
      for (const [i, zone] of zones.entries()) {
        for (const area of zone.areas) {
          if (seen.has(area))
            ctx.addIssue({
              code: 'custom',
              path: [i, 'areas'],
              message: fillMessage(shippingMessages.areaInTwoZones, { area }),
            });
          seen.add(area);
        }
      }
      const ids = zones.flatMap((z) => z.rates.map((r) => r.id));
      if (new Set(ids).size !== ids.length)
        ctx.addIssue({ code: 'custom', message: shippingMessages.idsDuplicate });
    }))();

export type ShippingRate = z.infer<typeof ShippingRateSchema>;
export type ShippingZone = z.infer<typeof ShippingZoneSchema>;
export type ShippingZoneInput = z.input<typeof ShippingZoneSchema>;
