import { isGateable, mayDo } from '@site/page-content';
import { MemberAreasPanel } from '@site/ui';
import { useMemberAreaMutations, useMemberAreas } from '../api/member-areas';
import { usePages } from '../api/pages';
import { useMe } from '../api/session';

const errorText = (error: unknown) => (error instanceof Error ? error.message : undefined);

/** /config/member-areas: pages kept for the people who join an area (apps/api/src/member-areas). */
export function MemberAreasScreen() {
  const roles = useMe().data?.roles ?? [];
  const areas = useMemberAreas();
  const pages = usePages();
  const { create, save, remove } = useMemberAreaMutations();
  const pending = create.isPending || save.isPending;
  return (
    <div className="ed-screen">
      <header className="ed-screen__head">
        <h1>Member areas</h1>
      </header>
      <MemberAreasPanel
        areas={areas.data ?? []}
        pages={(pages.data ?? []).filter(isGateable)}
        isLoading={areas.isLoading || pages.isLoading}
        loadError={errorText(areas.error ?? pages.error)}
        onRetry={() => void Promise.all([areas.refetch(), pages.refetch()])}
        isPending={pending}
        error={errorText(create.error ?? save.error ?? remove.error)}
        // Owners and admins hold the site's settings; the rest of the team reads.
        isReadOnly={!mayDo(roles, 'change-settings')}
        onCreate={(input) => {
          save.reset();
          return create.mutateAsync(input);
        }}
        onSave={(id, input) => {
          create.reset();
          return save.mutateAsync({ id, input });
        }}
        onRemove={(id) => remove.mutate(id)}
      />
    </div>
  );
}
