import { isGateable, mayDo, type AreaMemberState, type MemberArea } from '@site/page-content';
import { useState } from 'react';
import { AreaMembersList, MemberAreasPanel } from '@site/ui';
import {
  useAreaMembers,
  useMemberAreaCurrency,
  useMemberAreaMutations,
  useMemberAreas,
  useRemoveAreaMember,
} from '../api/member-areas';
import { usePages } from '../api/pages';
import { useMe } from '../api/session';
import { ownerLocale } from '../store/owner-locale';

const errorText = (error: unknown) => (error instanceof Error ? error.message : undefined);

/** One area's members, read only once the owner opens them. */
function AreaMembers({ area, canRemove }: { area: MemberArea; canRemove: boolean }) {
  const [state, setState] = useState<AreaMemberState | undefined>();
  const members = useAreaMembers(area.id, state);
  const remove = useRemoveAreaMember(area.id);
  return (
    <AreaMembersList
      areaName={area.name}
      members={members.data?.pages.flatMap((p) => p.members) ?? []}
      isLoading={members.isLoading}
      loadError={errorText(members.error)}
      onRetry={() => void members.refetch()}
      hasMore={members.hasNextPage}
      isLoadingMore={members.isFetchingNextPage}
      onLoadMore={() => void members.fetchNextPage()}
      onRemove={canRemove ? (memberId) => remove.mutate(memberId) : undefined}
      removingId={remove.isPending ? remove.variables : undefined}
      error={errorText(remove.error)}
      // Paying, Lapsed, Free only mean something once the area has a price.
      isPaid={area.price.billing !== 'free'}
      state={state}
      onStateChange={setState}
    />
  );
}

/** /config/member-areas: pages kept for the people who join an area (apps/api/src/member-areas). */
export function MemberAreasScreen() {
  const roles = useMe().data?.roles ?? [];
  const areas = useMemberAreas();
  const currency = useMemberAreaCurrency();
  const pages = usePages();
  const { create, save, remove } = useMemberAreaMutations();
  const pending = create.isPending || save.isPending;
  const canManage = mayDo(roles, 'change-settings');
  return (
    <div className="ed-screen">
      <header className="ed-screen__head">
        <h1>Member areas</h1>
      </header>
      <MemberAreasPanel
        areas={areas.data ?? []}
        currency={currency.data ?? 'USD'}
        locale={ownerLocale()}
        pages={(pages.data ?? []).filter(isGateable)}
        isLoading={areas.isLoading || pages.isLoading}
        loadError={errorText(areas.error ?? pages.error)}
        onRetry={() => void Promise.all([areas.refetch(), pages.refetch()])}
        isPending={pending}
        error={errorText(create.error ?? save.error ?? remove.error)}
        // Owners and admins hold the site's settings; the rest of the team reads.
        isReadOnly={!canManage}
        renderMembers={(area) => <AreaMembers area={area} canRemove={canManage} />}
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
