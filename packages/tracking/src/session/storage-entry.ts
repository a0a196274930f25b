/**
 * A browser storage entry (platform.md §3): a value and an optional expiry time (epoch ms). What
 * is read back is checked, never trusted: storage is shared with every script on the origin.
 */
export interface StorageEntry<T> {
  value: T;
  expiry?: number;
}

/** The part of Web Storage used; tests pass a Map-backed one. */
export type EntryStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The value stored under `key` when it is well formed (`accept` returns it) and not expired at
 * `now`; an expired or malformed entry is removed. Storage that throws (blocked, private mode)
 * reads as empty.
 */
export function readStorageEntry<T>(
  storage: EntryStorage,
  key: string,
  now: number,
  accept: (value: unknown) => T | undefined,
): T | undefined {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  let entry: unknown;
  try {
    entry = JSON.parse(raw);
  } catch {
    entry = undefined;
  }
  const record = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : undefined;
  const expiry = record?.expiry;
  const expiryOk = expiry === undefined || (typeof expiry === 'number' && Number.isFinite(expiry));
  const value = record && expiryOk ? accept(record.value) : undefined;
  if (value === undefined || (typeof expiry === 'number' && expiry <= now)) {
    try {
      storage.removeItem(key);
    } catch {
      // Blocked storage: nothing to clean.
    }
    return undefined;
  }
  return value;
}

/** Stores the entry; false when the browser refused (quota, blocked storage). */
export function writeStorageEntry<T>(storage: EntryStorage, key: string, entry: StorageEntry<T>): boolean {
  try {
    storage.setItem(key, JSON.stringify(entry));
    return true;
  } catch {
    return false;
  }
}

/** A Map-backed storage for tests and servers. */
export function createMemoryStorage(initial: Record<string, string> = {}): EntryStorage & {
  readonly items: Map<string, string>;
} {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}
