import {
  COMMENT_STATUS_LABELS,
  COMMENT_STATUSES,
  type CommentStatus,
  type CommentView,
} from '@site/page-content';
import { ConfirmDialog, EmptyState, ShowMore } from '@site/ui';
import { useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { type Moderation, useComments, useModerateComment } from '../api/comments';
import { useSiteTimeZone } from '../api/site-time-zone';
import { useMe } from '../api/session';
import { CommentSettingsForm } from './CommentSettingsForm';
import { errorMessage } from '../screen-kit/save-state';
import { formatWhen } from '../collections/item-dates';

const EMPTY: Record<CommentStatus, string> = {
  pending: 'Nothing waits for you: new comments from visitors appear here until you approve them.',
  approved: 'Approved comments show under their posts.',
  spam: 'Comments you mark as spam stay here, hidden from the site.',
};

/** /config/comments: visitors' comments held for moderation, approved ones and spam; approve, mark spam or delete. */
export function CommentsScreen() {
  const [tab, setTab] = useState<CommentStatus>('pending');
  // The pending list's first page also brings every tab's count.
  const counts = useComments('pending').data?.pages[0]?.counts;
  const canEdit = Boolean(useMe().data?.canEdit);
  return (
    <div className="ed-screen">
      <header className="ed-screen__head">
        <h1>Comments</h1>
      </header>
      <CommentSettingsForm isReadOnly={!canEdit} />
      <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(key as CommentStatus)}>
        <TabList className="ed-tabs ed-tabs--start" aria-label="Comments by status">
          {COMMENT_STATUSES.map((status) => (
            <Tab key={status} id={status} className="ed-tab">
              {COMMENT_STATUS_LABELS[status]}
              {counts && <span className="ed-tab__count"> ({counts[status]})</span>}
            </Tab>
          ))}
        </TabList>
        {COMMENT_STATUSES.map((status) => (
          <TabPanel key={status} id={status} className="ed-panel">
            <CommentList status={status} />
          </TabPanel>
        ))}
      </Tabs>
    </div>
  );
}

const ACTIONS: Record<CommentStatus, Moderation[]> = {
  pending: ['approve', 'spam', 'delete'],
  approved: ['spam', 'delete'],
  spam: ['approve', 'delete'],
};
const ACTION_LABELS: Record<Moderation, string> = {
  approve: 'Approve',
  spam: 'Mark as spam',
  delete: 'Delete',
};

function CommentList({ status }: { status: CommentStatus }) {
  const comments = useComments(status);
  const moderate = useModerateComment();
  const canEdit = Boolean(useMe().data?.canEdit);
  const zone = useSiteTimeZone().zone;
  const [deleting, setDeleting] = useState<CommentView | null>(null);
  if (comments.isPending) return <p className="ed-muted">Loading comments…</p>;
  // A failed Show more keeps the comments read so far (its error shows under them).
  if (comments.error && !comments.isFetchNextPageError)
    return (
      <p className="ed-field__error" role="alert">
        {errorMessage(comments.error)}
      </p>
    );
  const shown = comments.data?.pages.flatMap((page) => page.comments) ?? [];
  if (shown.length === 0)
    return (
      <EmptyState title={`No ${COMMENT_STATUS_LABELS[status].toLowerCase()} comments`}>
        {EMPTY[status]}
      </EmptyState>
    );
  return (
    <>
      <ul className="ed-comment-list">
        {shown.map((c) => (
          <li key={c.id} className="ed-card ed-comment">
            <p className="ed-comment__meta">
              <strong>{c.authorName}</strong> on <em>{c.postTitle}</em> ·{' '}
              <span className="ed-muted">{formatWhen(c.createdAt, zone)}</span>
            </p>
            <p className="ed-comment__body">{c.body}</p>
            {canEdit && (
              <div className="ed-row">
                {ACTIONS[status].map((action) => (
                  <button
                    key={action}
                    type="button"
                    className={`ed-button${action === 'approve' ? ' ed-button--primary' : action === 'delete' ? ' ed-button--danger' : ''}`}
                    disabled={moderate.isPending}
                    aria-label={`${ACTION_LABELS[action]}: comment by ${c.authorName}`}
                    onClick={() =>
                      action === 'delete' ? setDeleting(c) : moderate.mutate({ id: c.id, action })
                    }
                  >
                    {ACTION_LABELS[action]}
                  </button>
                ))}
              </div>
            )}
          </li>
        ))}
      </ul>
      <ShowMore
        noun="comments"
        hasMore={comments.hasNextPage}
        isLoading={comments.isFetchingNextPage}
        error={comments.isFetchNextPageError ? errorMessage(comments.error) : undefined}
        onMore={() => void comments.fetchNextPage()}
      />
      {moderate.error && (
        <p className="ed-field__error" role="alert">
          {errorMessage(moderate.error)}
        </p>
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        title="Delete this comment?"
        onDismiss={() => setDeleting(null)}
        actions={[
          { label: 'Cancel', onPress: () => setDeleting(null) },
          {
            label: 'Delete',
            variant: 'danger',
            onPress: () => {
              if (deleting) moderate.mutate({ id: deleting.id, action: 'delete' });
              setDeleting(null);
            },
          },
        ]}
      >
        <p>The comment by {deleting?.authorName} is removed for good.</p>
      </ConfirmDialog>
    </>
  );
}
