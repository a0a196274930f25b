import type { Database } from '../db/client';
import { createMember } from '../security/members';

/**
 * The demo store owner and a viewer as site members, so the printed login works on a fresh start. Takes the
 * site and login as arguments (rather than importing them from demo-site.ts) to keep the seed
 * free of an import cycle.
 */
export async function seedDemoMembers(
  tx: Pick<Database, 'insert'>,
  websiteId: string,
  owner: { email: string; password: string },
  viewer: { email: string; password: string },
): Promise<void> {
  await createMember(tx, { websiteId, email: owner.email, password: owner.password, roles: ['owner'] });
  await createMember(tx, { websiteId, email: viewer.email, password: viewer.password, roles: ['viewer'] });
}
