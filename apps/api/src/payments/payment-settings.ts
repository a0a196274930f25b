import {
  keyMode,
  paymentMessages,
  STRIPE_WEBHOOK_EVENTS,
  type PaymentSettingsSave,
  type PaymentSettingsView,
} from '@site/commerce-core/admin';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { paymentSettings } from '../db/schema';
import { ApiError } from '../http';
import type { SecretBox } from '../security/secret-box';
import type { StripeKeys } from './stripe-provider';

export interface PaymentsContext {
  db: Database;
  box: SecretBox;
  /** A single-site install's keys from the environment; a site's own keys come first. */
  environment?: StripeKeys;
}

export const STRIPE_WEBHOOK_PATH = '/api/commerce/payments/stripe/webhook';

const last4 = (secret: string) => secret.slice(-4);

async function siteRow(db: Database, websiteId: string) {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.websiteId, websiteId));
  return row;
}

/** The site's Stripe keys: its owner's, else the install's, else none (the test provider pays). */
export async function stripeKeysFor(
  ctx: PaymentsContext,
  websiteId: string,
): Promise<StripeKeys | undefined> {
  const row = await siteRow(ctx.db, websiteId);
  if (row)
    return {
      publishableKey: row.publishableKey,
      secretKey: ctx.box.open(row.secretKeySealed),
      webhookSecret: ctx.box.open(row.webhookSecretSealed),
    };
  return ctx.environment;
}

/** Which provider the site's checkout pays through, and the key its browser script needs. */
export async function checkoutPayment(
  ctx: PaymentsContext,
  websiteId: string,
): Promise<{ provider: 'test' } | { provider: 'stripe'; publishableKey: string }> {
  const row = await siteRow(ctx.db, websiteId);
  const publishableKey = row?.publishableKey ?? ctx.environment?.publishableKey;
  return publishableKey ? { provider: 'stripe', publishableKey } : { provider: 'test' };
}

export async function paymentSettingsView(
  ctx: PaymentsContext,
  websiteId: string,
  origin: string,
): Promise<PaymentSettingsView> {
  const common = { webhookUrl: `${origin}${STRIPE_WEBHOOK_PATH}`, webhookEvents: STRIPE_WEBHOOK_EVENTS };
  const row = await siteRow(ctx.db, websiteId);
  if (row)
    return {
      ...common,
      provider: 'stripe',
      source: 'site',
      mode: keyMode(row.publishableKey),
      publishableKey: row.publishableKey,
      secretKeyLast4: row.secretKeyLast4,
      webhookSecretLast4: row.webhookSecretLast4,
    };
  const env = ctx.environment;
  if (env)
    return {
      ...common,
      provider: 'stripe',
      source: 'environment',
      mode: keyMode(env.publishableKey),
      publishableKey: env.publishableKey,
      secretKeyLast4: last4(env.secretKey),
      webhookSecretLast4: last4(env.webhookSecret),
    };
  return {
    ...common,
    provider: 'test',
    source: 'none',
    mode: null,
    publishableKey: '',
    secretKeyLast4: null,
    webhookSecretLast4: null,
  };
}

/** Stores the owner's keys, sealing the secrets; an empty secret keeps the stored one. */
export async function savePaymentSettings(
  ctx: PaymentsContext,
  websiteId: string,
  input: PaymentSettingsSave,
): Promise<void> {
  const row = await siteRow(ctx.db, websiteId);
  if (!row && (!input.secretKey || !input.webhookSecret))
    throw new ApiError(400, 'INVALID', paymentMessages.secretRequired, [
      { path: [input.secretKey ? 'webhookSecret' : 'secretKey'], message: paymentMessages.secretRequired },
    ]);
  // A new publishable key against the kept secret must still be the same mode.
  if (row && !input.secretKey && keyMode(input.publishableKey) !== keyMode(row.publishableKey))
    throw new ApiError(400, 'INVALID', paymentMessages.modeMismatch, [
      { path: ['secretKey'], message: paymentMessages.modeMismatch },
    ]);
  const secret = input.secretKey
    ? { secretKeySealed: ctx.box.seal(input.secretKey), secretKeyLast4: last4(input.secretKey) }
    : {};
  const hook = input.webhookSecret
    ? {
        webhookSecretSealed: ctx.box.seal(input.webhookSecret),
        webhookSecretLast4: last4(input.webhookSecret),
      }
    : {};
  const values = {
    provider: 'stripe',
    publishableKey: input.publishableKey,
    ...secret,
    ...hook,
    updatedAt: new Date(),
  };
  if (row) await ctx.db.update(paymentSettings).set(values).where(eq(paymentSettings.websiteId, websiteId));
  else
    await ctx.db
      .insert(paymentSettings)
      .values({ websiteId, ...(values as typeof values & Required<typeof secret> & Required<typeof hook>) });
}

export async function removePaymentSettings(ctx: PaymentsContext, websiteId: string): Promise<void> {
  await ctx.db.delete(paymentSettings).where(eq(paymentSettings.websiteId, websiteId));
}
