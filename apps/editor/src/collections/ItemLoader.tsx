import { collectionMessages, type CollectionItemView, type PageSummary } from '@site/page-content';
import { useEffect, useState, type ComponentType } from 'react';
import { useItems } from '../api/collection-items';
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
  const items = useItems(page.id);
  const [generation, setGeneration] = useState(0);
  if (items.isPending) return <p className="ed-muted">Loading the {noun}…</p>;
  const item = items.error ? undefined : items.data.find((i) => i.id === itemId);
  if (!item)
    return (
      <p className="ed-field__error" role="alert">
        {items.error ? errorMessage(items.error) : collectionMessages.itemNotFound}
      </p>
    );
  const reload = () => void items.refetch().then(() => setGeneration((g) => g + 1));
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
