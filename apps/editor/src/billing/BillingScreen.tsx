import { billingMessages as m } from '@site/ui';
import { useEditorSite } from '../api/editor-site';

type Plan = keyof typeof m.plans;

/**
 * The plan pages the trial banner links to (platform.md §2): /settings/billing/upgrade to choose a
 * plan, /settings/billing/subscriptions/website for the site's own. Nothing is charged here.
 */
export function BillingScreen({ page }: { page: 'upgrade' | 'website' }) {
  const site = useEditorSite();
  const current = site.data?.billing?.plan;
  // Reached by its address on a server that sells no plans: say so rather than list plans to buy.
  if (site.data && !site.data.billing)
    return (
      <div className="ed-screen">
        <h1>{page === 'upgrade' ? m.upgradeTitle : m.subscriptionTitle}</h1>
        <p className="ed-banner">{m.noPlans}</p>
      </div>
    );
  return (
    <div className="ed-screen">
      <h1>{page === 'upgrade' ? m.upgradeTitle : m.subscriptionTitle}</h1>
      <p className="ed-banner">{m.notConnected}</p>
      {page === 'website' && current && (
        <p>
          {m.currentPlan}: <strong>{current === 'trial' ? m.trial : m.plans[current].name}</strong>
        </p>
      )}
      <ul className="ed-plans">
        {(Object.keys(m.plans) as Plan[]).map((plan) => (
          <li key={plan} className="ed-plans__plan" aria-current={plan === current ? 'true' : undefined}>
            <h2>{m.plans[plan].name}</h2>
            <p>{m.plans[plan].blurb}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default BillingScreen;
