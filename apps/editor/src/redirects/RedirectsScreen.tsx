import { RedirectsPanel } from '@site/ui';
import { useChangeRedirects, useRedirects } from '../api/redirects';
import { useMe } from '../api/session';

/** /config/redirects: the site's redirects, listed, added, changed and removed. */
export function RedirectsScreen() {
  const readOnly = !useMe().data?.canEdit;
  const list = useRedirects();
  const change = useChangeRedirects();
  return (
    <div className="ed-screen">
      <header className="ed-screen__head">
        <h1>Redirects</h1>
      </header>
      <RedirectsPanel
        redirects={list.data ?? []}
        isLoading={list.isPending}
        isPending={change.isPending}
        isReadOnly={readOnly}
        error={change.error?.message ?? list.error?.message}
        onAdd={(rule) => change.mutate({ kind: 'add', rule })}
        onUpdate={(original, rule) => change.mutate({ kind: 'update', original, rule })}
        onRemove={(from) => change.mutate({ kind: 'remove', from })}
      />
    </div>
  );
}
