import {
  collectionMessages,
  MAX_COLLECTION_ITEMS,
  POST_STATUS_LABELS,
  type PageSummary,
} from '@site/page-content';
import { EditorField } from '@site/ui';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useCreateItem, useDeleteItem, useItems } from '../api/collection-items';
import { useSiteTimeZone } from '../api/site-time-zone';
import { useMe } from '../api/session';
import { errorMessage } from '../screen-kit/save-state';
import { issuesByPath } from '../api/http';
import { ItemList, type ItemRow } from './ItemList';
import { formatWhen } from './item-dates';
import { VIDEO_URL_HINT, videoSourceNote, videoUrlProblem } from './video-fields';

/** A video page's videos: search, open, delete; a new video starts as a draft from its title and address. */
export function VideoList({ page }: { page: PageSummary }) {
  const items = useItems(page.id);
  const remove = useDeleteItem(page.id);
  const canEdit = Boolean(useMe().data?.canEdit);
  const zone = useSiteTimeZone().zone;
  const [creating, setCreating] = useState(false);
  if (items.isPending) return <p className="ed-muted">Loading videos…</p>;
  if (items.error)
    return (
      <p className="ed-field__error" role="alert">
        {errorMessage(items.error)}
      </p>
    );
  const rows: ItemRow[] = items.data.map((item) => ({
    id: item.id,
    title: item.title,
    status: item.status,
    statusLabel: POST_STATUS_LABELS[item.status],
    when: `Edited ${formatWhen(item.updatedAt, zone)}`,
  }));
  return (
    <>
      {creating && <NewVideo page={page} onCancel={() => setCreating(false)} />}
      <ItemList
        pageId={page.id}
        rows={rows}
        noun="video"
        canEdit={canEdit}
        isCreating={false}
        onCreate={() => setCreating(true)}
        onDelete={(id) => remove.mutateAsync(id)}
        fullNotice={rows.length >= MAX_COLLECTION_ITEMS ? collectionMessages.collectionFull : undefined}
        emptyHint="Add a YouTube or Vimeo link, or the address of a video file; each video gets a page of its own."
      />
    </>
  );
}

/** The two things a video cannot be saved without; the rest is filled in on its own screen. */
function NewVideo({ page, onCancel }: { page: PageSummary; onCancel: () => void }) {
  const id = useId();
  const create = useCreateItem();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const [problems, setProblems] = useState<{ title?: string; url?: string }>({});
  const server = issuesByPath(create.error);
  const titleError = problems.title ?? server.title;
  const urlError = problems.url ?? server['data.url'];
  const note = videoSourceNote(url);
  const submit = () => {
    const found = { title: title.trim() ? undefined : 'Enter a title', url: videoUrlProblem(url) };
    setProblems(found);
    if (found.title || found.url) return;
    create.mutate(
      {
        collectionId: page.id,
        title: title.trim(),
        body: '',
        status: 'draft',
        data: { url: url.trim(), thumbnail: '' },
      },
      {
        onSuccess: (item) =>
          void navigate({ to: '/collections/$pageId/$itemId', params: { pageId: page.id, itemId: item.id } }),
      },
    );
  };
  return (
    // The browser's own checks would refuse an address on this site (/files/…); ours say why in words.
    <form
      className="ed-form ed-item-editor"
      noValidate
      aria-labelledby={`${id}-heading`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2 id={`${id}-heading`} className="ed-item-editor__legend">
        New video
      </h2>
      <EditorField label="Title" error={titleError} required>
        {(control) => (
          <input
            {...control}
            className="ed-input"
            value={title}
            maxLength={200}
            autoFocus
            onChange={(e) => setTitle(e.target.value)}
          />
        )}
      </EditorField>
      <EditorField label="Video address" hint={note ?? VIDEO_URL_HINT} error={urlError} required>
        {(control) => (
          <input
            {...control}
            className="ed-input"
            type="url"
            inputMode="url"
            placeholder="https://www.youtube.com/watch?v=…"
            value={url}
            maxLength={2048}
            onChange={(e) => setUrl(e.target.value)}
          />
        )}
      </EditorField>
      {create.error && !server.title && !server['data.url'] && (
        <p className="ed-field__error" role="alert">
          {errorMessage(create.error)}
        </p>
      )}
      <div className="ed-row">
        <button type="submit" className="ed-button ed-button--primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create draft'}
        </button>
        <button type="button" className="ed-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
