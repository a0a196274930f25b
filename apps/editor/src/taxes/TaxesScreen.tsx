import { mayDo } from '@site/page-content';
import type { CommercePreferences } from '@site/commerce-core/admin';
import { checkTaxForm, TaxRatesPanel, taxFormOf, taxShippingMessages as m, type TaxForm } from '@site/ui';
import { useId, useState } from 'react';
import { useMe } from '../api/session';
import { taxReportHref, useSaveTaxSettings, useTaxSettings } from '../api/taxes';
import { ScreenFrame } from '../screen-kit/ScreenFrame';
import { ScreenLoader } from '../screen-kit/ScreenLoader';
import { useVersionedForm } from '../screen-kit/useVersionedForm';
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
  const me = useMe();
  // Store screens follow the manage-store right: a store manager edits here, not pages.
  const readOnly = !mayDo(me.data?.roles ?? [], 'manage-store');
  const save = useSaveTaxSettings();
  const form = useVersionedForm<TaxForm>(taxFormOf(saved), save);
  const [local, setLocal] = useState<Record<string, string>>({});
  const issues = { ...form.errors(), ...local };
  const problems = Object.keys(issues).length > 0;
  const submit = () => {
    const check = checkTaxForm(form.value);
    if (!check.ok) return setLocal(check.issues);
    save.mutate(check.preferences);
  };
  return (
    <ScreenFrame
      title={m.taxTitle}
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
      <p className="ed-muted">{m.taxIntro}</p>
      <form
        id={`${id}-form`}
        className="ed-card ed-form"
        aria-label={m.taxTitle}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TaxRatesPanel
          form={form.value}
          onChange={(next) => {
            form.update(() => next);
            setLocal({});
          }}
          issues={issues}
          locale={ownerLocale()}
          disabled={readOnly}
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
