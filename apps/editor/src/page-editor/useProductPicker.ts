import type { PreviewProducts } from '@site/page-content';
import type { InspectorChoice, ProductSearch } from '@site/ui';
import { useMemo, useState } from 'react';
import { useProductChoices } from '../api/products';
import { useDebounced } from '../screen-kit/useDebounced';

/** How long typing pauses before the store is searched. */
export const PRODUCT_SEARCH_PAUSE_MS = 250;

/**
 * The product block's picker: a search of the store (one page of matches), never the whole
 * catalogue. The block's own product stays a choice, named as the preview shows it, even when the
 * search does not find it.
 */
export function useProductPicker(
  block: { type: string; settings: Record<string, unknown> } | undefined,
  shown: PreviewProducts | undefined,
): { choices: InspectorChoice[]; search: ProductSearch } {
  const [query, setQuery] = useState('');
  const searched = useDebounced(query, PRODUCT_SEARCH_PAUSE_MS);
  const isProduct = block?.type === 'product';
  const matches = useProductChoices(searched, isProduct);
  const chosenId = isProduct ? String(block.settings.productId ?? '') : '';
  const chosen = shown?.products.find((p) => p.id === chosenId);
  const choices = useMemo(
    () => [
      ...(chosen && !matches.data?.some((c) => c.value === chosen.id)
        ? [{ value: chosen.id, label: chosen.title }]
        : []),
      ...(matches.data ?? []),
    ],
    [chosen, matches.data],
  );
  const search = useMemo(
    () => ({
      query,
      onQueryChange: setQuery,
      isLoading: matches.isFetching && !matches.data,
      isError: matches.isError,
      // Only once the typed words were searched: an older answer says nothing about them.
      isEmpty:
        query.trim() !== '' && query === searched && !matches.isPlaceholderData && matches.data?.length === 0,
    }),
    [query, searched, matches.isFetching, matches.data, matches.isError, matches.isPlaceholderData],
  );
  return { choices, search };
}
