import type { Database } from '../db/client';

/**
 * Which files a sale delivers. Commerce answers it (a digital product's file); app.ts wires the
 * answer in, so files never import commerce. Such a file is private: /files/ does not serve it and
 * the file manager names the products that deliver it.
 */
export interface DeliveredFiles {
  among(db: Database, websiteId: string, fileIds: readonly string[]): Promise<Set<string>>;
  has(db: Database, websiteId: string, fileId: string): Promise<boolean>;
  productsOf(
    db: Database,
    websiteId: string,
    fileId: string,
  ): Promise<{ id: string; title: string; enabled: boolean }[]>;
}
