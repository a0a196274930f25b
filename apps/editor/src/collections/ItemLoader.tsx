import { collectionMessages, type CollectionItemView, type PageSummary } from '@site/page-content';
import { useEffect, useState, type ComponentType } from 'react';
import { useItem } from '../api/collection-items';
import { ApiError } from '../api/http';
import { errorMessage } from '../screen-kit/save-state';

export interface ItemFormProps {
  page: PageSummary;
  item: CollectionItemView;
  /** Reads the item again and starts the form afresh from it (after a save was refused as stale). */
  onReload: () => void;
}

/**
 * One item of a collection, loaded, then edited in `Form`. A reload mounts a new form so its
 * draft starts from the item as saved, not from the refused edit.
 */
export function ItemLoader({
  page,
  itemId,
  noun,
  Form,
}: {
  page: PageSummary;
  itemId: string;
  noun: string;
  Form: ComponentType<ItemFormProps>;
}) {
  const found = useItem(itemId);
  const [generation, setGeneration] = useState(0);
  if (found.isPending) return <p className="ed-muted">Loading the {noun}…</p>;
  // Another page's item (a link edited by hand) is as missing as a deleted one.
  const item = found.error || found.data.collectionId !== page.id ? undefined : found.data;
  if (!item)
    return (
      <p className="ed-field__error" role="alert">
        {found.error && !(found.error instanceof ApiError && found.error.status === 404)
          ? errorMessage(found.error)
          : collectionMessages.itemNotFound}
      </p>
    );
  const reload = () => void found.refetch().then(() => setGeneration((g) => g + 1));
  return <Form key={`${item.id}:${generation}`} page={page} item={item} onReload={reload} />;
}

/**
 * Asks for a save once the change just set has reached the draft, on the next render: publishing
 * sets the status, then saves it at once instead of waiting for autosave.
 */
export function useSaveSoon(flush: () => Promise<boolean>): () => void {
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked > 0) void flush();
  }, [asked, flush]);
  return () => setAsked((n) => n + 1);
}
