import { mayDo } from '@site/page-content';
import { taxShippingMessages, type SaveState } from '@site/ui';
import { useState } from 'react';
import { useMe } from '../api/session';
import { useVersionedForm, type SaveCall } from './useVersionedForm';

export type FormCheck<P> = { ok: true; preferences: P } | { ok: false; issues: Record<string, string> };

/**
 * A store settings form (taxes, shipping) checked on the page before anything is sent, so the
 * owner's prices and rates are read as typed and each mistake is marked where it was made. Store
 * screens follow the manage-store right: a store manager edits here, a page editor only looks.
 */
export function useCheckedStoreForm<F, P>(
  initial: F,
  save: SaveCall & { mutate: (preferences: P) => void },
  check: (form: F) => FormCheck<P>,
  formId: string,
) {
  const me = useMe();
  const readOnly = !mayDo(me.data?.roles ?? [], 'manage-store');
  const form = useVersionedForm<F>(initial, save);
  const [local, setLocal] = useState<Record<string, string>>({});
  const issues = { ...form.errors(), ...local };
  const state: SaveState =
    Object.keys(issues).length > 0 && !save.isPending
      ? { kind: 'failed', message: taxShippingMessages.fixBelow }
      : form.state;
  return {
    value: form.value,
    issues,
    readOnly,
    onChange: (next: F) => {
      form.update(() => next);
      setLocal({});
    },
    submit: () => {
      const checked = check(form.value);
      if (!checked.ok) return setLocal(checked.issues);
      save.mutate(checked.preferences);
    },
    /** What ScreenFrame shows beside its Save button; none for those who may only look. */
    frameSave: readOnly ? undefined : { state, canSave: form.canSave, form: formId },
  };
}
