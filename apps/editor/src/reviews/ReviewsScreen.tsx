import type { ReviewStatus } from '@site/commerce-core';
import { mayDo } from '@site/page-content';
import { ReviewsPanel } from '@site/ui';
import { useState } from 'react';
import { useModerateReview, useReviews, useReviewSettings, useSaveReviewSettings } from '../api/reviews';
import { useMe } from '../api/session';

/** /config/reviews: shoppers' reviews waiting for approval, approved and hidden; the on/off switch. */
export function ReviewsScreen() {
  const me = useMe();
  const canModerate = mayDo(me.data?.roles ?? [], 'manage-store');
  // Waiting reviews first: that is what the owner comes here for.
  const [status, setStatus] = useState<ReviewStatus | undefined>('pending');
  const list = useReviews(status);
  const moderate = useModerateReview();
  const settings = useReviewSettings();
  const saveSettings = useSaveReviewSettings();
  // The switch moves at once; a refused save puts it back where the server has it.
  const [enabledDraft, setEnabledDraft] = useState<boolean>();
  const failure = moderate.error ?? saveSettings.error;
  return (
    <div className="ed-screen">
      <header className="ed-screen__head">
        <h1>Reviews</h1>
      </header>
      <ReviewsPanel
        reviews={list.data?.pages.flatMap((p) => p.reviews)}
        status={status}
        onStatusChange={setStatus}
        enabled={enabledDraft ?? settings.data?.enabled}
        onEnabledChange={(enabled) => {
          setEnabledDraft(enabled);
          saveSettings.mutate(enabled, { onSettled: () => setEnabledDraft(undefined) });
        }}
        onModerate={(id, change) => moderate.mutate({ id, change })}
        busyId={moderate.isPending ? moderate.variables?.id : undefined}
        error={failure?.message}
        isLoading={list.isPending && !list.error}
        loadError={list.error?.message}
        onRetry={() => void list.refetch()}
        hasMore={list.hasNextPage}
        isLoadingMore={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        isReadOnly={!canModerate}
      />
    </div>
  );
}
