import { isCurrencyCode } from '@site/commerce-core';
import type { CommercePreferences, MoneyTextOptions } from '@site/commerce-core/admin';
import {
  checkShippingForm,
  ShippingZonesPanel,
  shippingFormOf,
  taxShippingMessages as m,
  type ShippingForm,
} from '@site/ui';
import { useId } from 'react';
import { useEditorSite } from '../api/editor-site';
import { useSaveShippingZones, useShippingZones } from '../api/shipping-zones';
import { ScreenFrame } from '../screen-kit/ScreenFrame';
import { ScreenLoader } from '../screen-kit/ScreenLoader';
import { useCheckedStoreForm } from '../screen-kit/useCheckedStoreForm';
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
  const form = useCheckedStoreForm(
    shippingFormOf(saved, money),
    useSaveShippingZones(),
    (value: ShippingForm) => checkShippingForm(value, money),
    `${id}-form`,
  );
  return (
    <ScreenFrame title={m.shippingTitle} save={form.frameSave}>
      <p className="ed-muted">{m.shippingIntro}</p>
      <form
        id={`${id}-form`}
        className="ed-form"
        aria-label={m.shippingTitle}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.submit();
        }}
      >
        <ShippingZonesPanel
          form={form.value}
          onChange={form.onChange}
          money={money}
          issues={form.issues}
          disabled={form.readOnly}
        />
      </form>
    </ScreenFrame>
  );
}
