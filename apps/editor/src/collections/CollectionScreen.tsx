import { collectionMessages, POST_STATUS_LABELS, type PageSummary } from '@site/page-content';
import { EmptyState } from '@site/ui';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useCreateItem, useDeleteItem, useEventPages } from '../api/collection-items';
import { useSiteTimeZone } from '../api/site-time-zone';
import { usePages } from '../api/pages';
import { useCreatePost, useDeletePost, usePosts } from '../api/posts';
import { useMe } from '../api/session';
import { errorMessage, listLoadFailure } from '../screen-kit/save-state';
import { useDebounced } from '../screen-kit/useDebounced';
import { isEditableCollection } from './collection-types';
import { ItemList, type ItemRow } from './ItemList';
import { defaultEventTimes, formatWhen } from './item-dates';

const PostEditor = lazy(() => import('./PostEditor').then((m) => ({ default: m.PostEditor })));
const EventEditor = lazy(() => import('./EventEditor').then((m) => ({ default: m.EventEditor })));
const GalleryEditor = lazy(() => import('./GalleryEditor').then((m) => ({ default: m.GalleryEditor })));
const AlbumEditor = lazy(() => import('./AlbumEditor').then((m) => ({ default: m.AlbumEditor })));
const VideoList = lazy(() => import('./VideoList').then((m) => ({ default: m.VideoList })));
const VideoEditor = lazy(() => import('./VideoEditor').then((m) => ({ default: m.VideoEditor })));

const ITEM_HEADINGS = { blog: 'Edit post', events: 'Edit event', videos: 'Edit video' } as const;

function useCollectionPage(pageId: string) {
  const pages = usePages();
  const page = pages.data?.find((p) => p.id === pageId);
  return {
    pages,
    page,
    type: page && isEditableCollection(page.collectionType) ? page.collectionType : undefined,
  };
}

function Frame({
  page,
  back,
  heading,
  children,
}: {
  page?: PageSummary;
  back?: boolean;
  heading?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="ed-screen">
      <header className="ed-screen__head">
        <div>
          <Link
            to={back && page ? '/collections/$pageId' : '/pages'}
            params={page ? { pageId: page.id } : undefined}
            className="ed-back-link"
          >
            ← {back && page ? page.title : 'Pages'}
          </Link>
          <h1>{heading ?? page?.title ?? 'Collection'}</h1>
        </div>
        {page && (
          <a className="ed-button" href={page.path} target="_blank" rel="noreferrer">
            View on site
          </a>
        )}
      </header>
      {children}
    </div>
  );
}

/** /config/collections/$pageId: the posts of a blog, the events of an events page, a gallery's pictures, an album's tracks, the videos of a video page. */
export function CollectionScreen({ pageId }: { pageId: string }) {
  const { pages, page, type } = useCollectionPage(pageId);
  if (pages.isPending) return <p className="ed-screen ed-muted">Loading…</p>;
  if (pages.error)
    return (
      <p className="ed-screen ed-field__error" role="alert">
        {listLoadFailure('collections', pages.error)}
      </p>
    );
  if (!page || !type) {
    return (
      <Frame page={page}>
        <EmptyState
          title="Nothing to edit here"
          action={
            <Link to="/pages" className="ed-button">
              Back to pages
            </Link>
          }
        >
          This page is not a blog, events page, gallery, album or video page.
        </EmptyState>
      </Frame>
    );
  }
  return (
    <Frame page={page}>
      {type === 'blog' && <PostList page={page} />}
      {type === 'events' && <EventList page={page} />}
      {(type === 'gallery' || type === 'album' || type === 'videos') && (
        <Suspense fallback={<p className="ed-muted">Loading…</p>}>
          {type === 'gallery' ? (
            <GalleryEditor page={page} />
          ) : type === 'album' ? (
            <AlbumEditor page={page} />
          ) : (
            <VideoList page={page} />
          )}
        </Suspense>
      )}
    </Frame>
  );
}

/** /config/collections/$pageId/$itemId: one post, event or video (pictures and tracks are edited in their list). */
export function CollectionItemScreen({ pageId, itemId }: { pageId: string; itemId: string }) {
  const { pages, page, type } = useCollectionPage(pageId);
  if (pages.isPending) return <p className="ed-screen ed-muted">Loading…</p>;
  if (!page || (type !== 'blog' && type !== 'events' && type !== 'videos'))
    return <CollectionScreen pageId={pageId} />;
  return (
    <Frame page={page} back heading={ITEM_HEADINGS[type]}>
      <Suspense fallback={<p className="ed-muted">Loading…</p>}>
        {type === 'blog' ? (
          <PostEditor page={page} postId={itemId} />
        ) : type === 'events' ? (
          <EventEditor page={page} itemId={itemId} />
        ) : (
          <VideoEditor page={page} itemId={itemId} />
        )}
      </Suspense>
    </Frame>
  );
}

/** The search box's text, and the text the list asks the server for once typing pauses. */
function useServerSearch() {
  const [query, setQuery] = useState('');
  return { query, setQuery, asked: useDebounced(query, 250) };
}

function PostList({ page }: { page: PageSummary }) {
  const search = useServerSearch();
  const posts = usePosts(page.id, search.asked);
  const create = useCreatePost();
  const remove = useDeletePost(page.id);
  const navigate = useNavigate();
  const canEdit = Boolean(useMe().data?.canEdit);
  const zone = useSiteTimeZone().zone;
  if (posts.isPending) return <p className="ed-muted">Loading posts…</p>;
  if (posts.error)
    return (
      <p className="ed-field__error" role="alert">
        {errorMessage(posts.error)}
      </p>
    );
  const rows: ItemRow[] = posts.data.pages
    .flatMap((p) => p.posts)
    .map((p) => ({
      id: p.id,
      title: p.title,
      status: p.status,
      statusLabel: POST_STATUS_LABELS[p.status],
      when:
        p.status === 'draft'
          ? `Edited ${formatWhen(p.updatedAt, zone)}`
          : p.publishOn
            ? formatWhen(p.publishOn, zone)
            : '',
    }));
  return (
    <>
      <ItemList
        pageId={page.id}
        rows={rows}
        noun="post"
        canEdit={canEdit}
        isCreating={create.isPending}
        onCreate={() =>
          create.mutate(
            { collectionId: page.id, title: 'Untitled post' },
            {
              onSuccess: (post) =>
                void navigate({
                  to: '/collections/$pageId/$itemId',
                  params: { pageId: page.id, itemId: post.id },
                }),
            },
          )
        }
        onDelete={(id) => remove.mutateAsync(id)}
        search={{
          query: search.query,
          onQuery: search.setQuery,
          pending: search.query.trim() !== search.asked.trim() || posts.isPlaceholderData,
        }}
        more={{
          hasMore: posts.hasNextPage,
          loading: posts.isFetchingNextPage,
          onMore: () => void posts.fetchNextPage(),
        }}
        emptyHint="Write the first post: it starts as a draft, so nobody sees it until you publish."
      />
      {create.error && (
        <p className="ed-field__error" role="alert">
          {errorMessage(create.error)}
        </p>
      )}
    </>
  );
}

function EventList({ page }: { page: PageSummary }) {
  const search = useServerSearch();
  const items = useEventPages(page.id, search.asked);
  const create = useCreateItem();
  const remove = useDeleteItem(page.id);
  const navigate = useNavigate();
  const canEdit = Boolean(useMe().data?.canEdit);
  const zone = useSiteTimeZone().zone;
  if (items.isPending) return <p className="ed-muted">Loading events…</p>;
  if (items.error)
    return (
      <p className="ed-field__error" role="alert">
        {errorMessage(items.error)}
      </p>
    );
  // Latest start first, as the server pages them.
  const rows: ItemRow[] = items.data.pages
    .flatMap((p) => p.items)
    .map((item) => ({
      id: item.id,
      title: item.title,
      status: item.status,
      statusLabel: POST_STATUS_LABELS[item.status],
      when: typeof item.data.startDate === 'string' ? formatWhen(item.data.startDate, zone) : '',
    }));
  return (
    <>
      <ItemList
        pageId={page.id}
        rows={rows}
        noun="event"
        canEdit={canEdit}
        isCreating={create.isPending}
        onCreate={() =>
          create.mutate(
            {
              collectionId: page.id,
              title: 'Untitled event',
              body: '',
              status: 'draft',
              data: defaultEventTimes(new Date()),
            },
            {
              onSuccess: (item) =>
                void navigate({
                  to: '/collections/$pageId/$itemId',
                  params: { pageId: page.id, itemId: item.id },
                }),
            },
          )
        }
        onDelete={(id) => remove.mutateAsync(id)}
        fullNotice={items.data.pages[0]?.full ? collectionMessages.collectionFull : undefined}
        search={{
          query: search.query,
          onQuery: search.setQuery,
          pending: search.query.trim() !== search.asked.trim() || items.isPlaceholderData,
        }}
        more={{
          hasMore: items.hasNextPage,
          loading: items.isFetchingNextPage,
          onMore: () => void items.fetchNextPage(),
        }}
        emptyHint="Add an event with its date, time and place; visitors see upcoming events first."
      />
      {create.error && (
        <p className="ed-field__error" role="alert">
          {errorMessage(create.error)}
        </p>
      )}
    </>
  );
}
