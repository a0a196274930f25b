import {
  cleanPreferences,
  COMMERCE_PREFERENCES,
  isCommercePreferenceNamespace,
  parseMinorUnits,
  unknownPreferencesMessage,
  type CommercePreferenceNamespace,
  type CommercePreferences,
} from '@site/commerce-core/admin';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { websites } from '../db/schema';
import { messages as pageMessages } from '@site/page-content';
import { ApiError, parse } from '../http';

type Settings = Record<string, unknown> & {
  storeSettings?: Record<string, unknown>;
  commercePreferences?: Record<string, CommercePreferences>;
};

export function namespaceOf(value: string): CommercePreferenceNamespace {
  if (!isCommercePreferenceNamespace(value))
    throw new ApiError(404, 'UNKNOWN_NAMESPACE', unknownPreferencesMessage(value));
  return value;
}

const storeKeys = (namespace: CommercePreferenceNamespace) =>
  Object.entries(COMMERCE_PREFERENCES[namespace].storeSettings) as [string, 'minorUnits' | 'plain'][];

/** A namespace's fields: its own, plus those kept in the store settings the cart and checkout read. */
function preferencesOf(settings: Settings, namespace: CommercePreferenceNamespace): CommercePreferences {
  const fields: CommercePreferences = { ...(settings.commercePreferences?.[namespace] ?? {}) };
  const store = settings.storeSettings ?? {};
  for (const [key, kind] of storeKeys(namespace)) {
    const value = store[key];
    if (value !== undefined) fields[key] = kind === 'minorUnits' ? String(value) : value;
  }
  return cleanPreferences(fields);
}

async function settingsOf(db: Pick<Database, 'select'>, websiteId: string, lock: boolean): Promise<Settings> {
  const query = db.select({ settings: websites.settings }).from(websites).where(eq(websites.id, websiteId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiError(404, 'SITE_MISSING', pageMessages.unableToLocateContent);
  return row.settings as Settings;
}

export async function readPreferences(
  db: Database,
  websiteId: string,
  namespace: CommercePreferenceNamespace,
): Promise<CommercePreferences> {
  return preferencesOf(await settingsOf(db, websiteId, false), namespace);
}

/**
 * Replaces a namespace's fields with the cleaned ones (platform.md §3: websiteId dropped, empty
 * values filtered out, so an emptied field goes back to its default). The website row is locked
 * for the read-modify-write, so two namespaces saved at once both land.
 */
export async function writePreferences(
  db: Database,
  websiteId: string,
  namespace: CommercePreferenceNamespace,
  body: unknown,
): Promise<CommercePreferences> {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new ApiError(400, 'INVALID', unknownPreferencesMessage(namespace));
  const fields = parse(
    COMMERCE_PREFERENCES[namespace].schema,
    cleanPreferences(body as Record<string, unknown>),
  ) as CommercePreferences;
  return db.transaction(async (tx) => {
    const settings = await settingsOf(tx, websiteId, true);
    const storeSettings = { ...(settings.storeSettings ?? {}) };
    const own: CommercePreferences = { ...fields };
    for (const [key, kind] of storeKeys(namespace)) {
      delete own[key];
      const value = fields[key];
      if (value === undefined) delete storeSettings[key];
      else storeSettings[key] = kind === 'minorUnits' ? parseMinorUnits(value as string) : value;
    }
    const next: Settings = {
      ...settings,
      storeSettings,
      commercePreferences: { ...settings.commercePreferences, [namespace]: own },
    };
    await tx.update(websites).set({ settings: next }).where(eq(websites.id, websiteId));
    return preferencesOf(next, namespace);
  });
}
