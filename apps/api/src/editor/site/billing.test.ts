import { EDITOR_API } from '@site/page-content';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../../test/databases';
import { demoSiteSuite } from '../../../test/demo-site-suite';
import { websites } from '../../db/schema';
import { DEMO_WEBSITE_ID } from '../../seed/demo-site';
import { TRIAL_DAYS } from './editor-site';

const [target] = await databaseTargets();

describe('billing in the editor, as the server is configured', () => {
  describe('no billing provider (a self-hosted install)', () => {
    const demo = demoSiteSuite(target!);

    it('tells the editor the server sells no plans, so it shows no trial bar', async () => {
      const res = await demo.owner.get(EDITOR_API.site);
      expect(res.statusCode).toBe(200);
      expect(res.json().billing).toBeNull();
    });
  });

  describe('a billing provider (manual plans)', () => {
    const demo = demoSiteSuite(target!, { billing: { provider: 'manual' } });

    it('puts a new site on a trial that ends 14 days after it was made', async () => {
      const { billing } = (await demo.owner.get(EDITOR_API.site)).json();
      expect(billing.plan).toBe('trial');
      const daysLeft = (Date.parse(billing.trialEndsAt) - Date.now()) / 86_400_000;
      expect(daysLeft).toBeGreaterThan(TRIAL_DAYS - 1);
      expect(daysLeft).toBeLessThanOrEqual(TRIAL_DAYS);
    });

    it('shows the plan the operator set for the site, with no trial', async () => {
      await demo.database.db
        .update(websites)
        .set({ settings: sql`${websites.settings} || '{"billing":{"plan":"business"}}'::jsonb` })
        .where(eq(websites.id, DEMO_WEBSITE_ID));
      expect((await demo.owner.get(EDITOR_API.site)).json().billing).toEqual({
        plan: 'business',
        trialEndsAt: null,
      });
    });
  });
});
