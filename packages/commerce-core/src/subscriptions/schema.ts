import { z } from 'zod';

export const BillingPeriodUnitSchema = /* @__PURE__ */ (() => z.enum(['WEEK', 'MONTH', 'YEAR']))();

export const BillingPeriodSchema = /* @__PURE__ */ (() =>
  z.object({
    value: z.number().int().min(1),
    unit: BillingPeriodUnitSchema,
  }))();

export const SubscriptionPlanSchema = /* @__PURE__ */ (() =>
  z.object({
    billingPeriod: BillingPeriodSchema,
    /** 0 means the subscription renews until cancelled. */
    numBillingCycles: z.number().int().min(0).default(0),
    planVersionId: z.string().optional(),
  }))();

export type BillingPeriodUnit = z.infer<typeof BillingPeriodUnitSchema>;
export type BillingPeriod = z.infer<typeof BillingPeriodSchema>;
export type SubscriptionPlan = z.infer<typeof SubscriptionPlanSchema>;
