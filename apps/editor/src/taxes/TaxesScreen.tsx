import type { CommercePreferences } from '@site/commerce-core/admin';
import { checkTaxForm, TaxRatesPanel, taxFormOf, taxShippingMessages as m } from '@site/ui';
import { useId } from 'react';
import { taxReportHref, useSaveTaxSettings, useTaxSettings } from '../api/taxes';
import { ScreenFrame } from '../screen-kit/ScreenFrame';
import { ScreenLoader } from '../screen-kit/ScreenLoader';
import { useCheckedStoreForm } from '../screen-kit/useCheckedStoreForm';
import { ownerLocale } from '../store/owner-locale';

/** /config/taxes: rates by country and state or province, rounding, and the tax report. */
export function TaxesScreen() {
  return (
    <ScreenLoader
      title={m.taxTitle}
      query={useTaxSettings()}
      version={(saved) => JSON.stringify(saved)}
      loadingLabel="Loading taxes…"
    >
      {(saved) => <TaxesForm saved={saved} />}
    </ScreenLoader>
  );
}

function TaxesForm({ saved }: { saved: CommercePreferences }) {
  const id = useId();
  const form = useCheckedStoreForm(taxFormOf(saved), useSaveTaxSettings(), checkTaxForm, `${id}-form`);
  return (
    <ScreenFrame title={m.taxTitle} save={form.frameSave}>
      <p className="ed-muted">{m.taxIntro}</p>
      <form
        id={`${id}-form`}
        className="ed-card ed-form"
        aria-label={m.taxTitle}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.submit();
        }}
      >
        <TaxRatesPanel
          form={form.value}
          onChange={form.onChange}
          issues={form.issues}
          locale={ownerLocale()}
          disabled={form.readOnly}
        />
      </form>
      <section className="ed-card" aria-label={m.reportTitle}>
        <h2 className="ed-card__title">{m.reportTitle}</h2>
        <p className="ed-muted">{m.reportIntro}</p>
        <div className="ed-row">
          <a className="ed-button" href={taxReportHref} download>
            {m.reportDownload}
          </a>
        </div>
      </section>
    </ScreenFrame>
  );
}
