import { mayDo } from '@site/page-content';
import { isCurrencyCode } from '@site/commerce-core';
import type { CommercePreferences, MoneyTextOptions } from '@site/commerce-core/admin';
import {
  checkShippingForm,
  ShippingZonesPanel,
  shippingFormOf,
  taxShippingMessages as m,
  type ShippingForm,
} from '@site/ui';
import { useId, useState } from 'react';
import { useEditorSite } from '../api/editor-site';
import { useMe } from '../api/session';
import { useSaveShippingZones, useShippingZones } from '../api/shipping-zones';
import { ScreenFrame } from '../screen-kit/ScreenFrame';
import { ScreenLoader } from '../screen-kit/ScreenLoader';
import { useVersionedForm } from '../screen-kit/useVersionedForm';
import { ownerLocale } from '../store/owner-locale';

/** /config/shipping: zones of countries and regions, each with its options. */
export function ShippingScreen() {
  const site = useEditorSite();
  return (
    <ScreenLoader
      title={m.shippingTitle}
      query={useShippingZones()}
      also={[site]}
      version={(saved) => JSON.stringify(saved)}
      loadingLabel="Loading shipping…"
    >
      {(saved) => {
        const currency = site.data?.website.currency;
        const money = { currency: isCurrencyCode(currency) ? currency : 'USD', locale: ownerLocale() };
        return <ShippingZonesForm saved={saved} money={money} />;
      }}
    </ScreenLoader>
  );
}

function ShippingZonesForm({ saved, money }: { saved: CommercePreferences; money: MoneyTextOptions }) {
  const id = useId();
  const me = useMe();
  // Store screens follow the manage-store right: a store manager edits here, not pages.
  const readOnly = !mayDo(me.data?.roles ?? [], 'manage-store');
  const save = useSaveShippingZones();
  const form = useVersionedForm<ShippingForm>(shippingFormOf(saved, money), save);
  const [local, setLocal] = useState<Record<string, string>>({});
  const issues = { ...form.errors(), ...local };
  const problems = Object.keys(issues).length > 0;
  const submit = () => {
    const check = checkShippingForm(form.value, money);
    if (!check.ok) return setLocal(check.issues);
    save.mutate(check.preferences);
  };
  return (
    <ScreenFrame
      title={m.shippingTitle}
      save={
        readOnly
          ? undefined
          : {
              state: problems && !save.isPending ? { kind: 'failed', message: m.fixBelow } : form.state,
              canSave: form.canSave,
              form: `${id}-form`,
            }
      }
    >
      <p className="ed-muted">{m.shippingIntro}</p>
      <form
        id={`${id}-form`}
        className="ed-form"
        aria-label={m.shippingTitle}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <ShippingZonesPanel
          form={form.value}
          onChange={(next) => {
            form.update(() => next);
            setLocal({});
          }}
          money={money}
          issues={issues}
          disabled={readOnly}
        />
      </form>
    </ScreenFrame>
  );
}
