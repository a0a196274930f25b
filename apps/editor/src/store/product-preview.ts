import { STORE_API, type AdminProductSave } from '@site/commerce-core/admin';
import { storeMessages as m } from '@site/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, ApiError } from '../api/http';
import { errorMessage } from '../api/queries';

/** Typing sends one preview call once the owner pauses, not one per letter. */
export const PREVIEW_DELAY_MS = 400;

/** The value once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const FIELD_NAMES: Readonly<Record<string, string>> = {
  title: m.title,
  excerpt: m.excerpt,
  customAddButtonText: m.customAddButtonText,
  sku: m.sku,
  price: m.price,
  salePrice: m.salePrice,
  qtyInStock: m.stock,
};

/**
 * Why a draft cannot show, naming the field: the form marks fields only when a save is refused,
 * and the schema's messages ("Enter a value.") do not say which field they mean.
 */
export function previewError(error: unknown): string {
  const [issue] = error instanceof ApiError ? error.issues : [];
  if (!issue) return errorMessage(error);
  const [first, index, field] = issue.path;
  const name =
    first === 'variants' && typeof index === 'number'
      ? [`${m.variant} ${index + 1}`, typeof field === 'string' ? FIELD_NAMES[field] : undefined]
          .filter(Boolean)
          .join(', ')
      : typeof first === 'string'
        ? FIELD_NAMES[first]
        : undefined;
  return name ? `${name}: ${issue.message}` : issue.message;
}

/**
 * The product page the server renders for the unsaved draft (of a new product without an id).
 * The page last shown stays while a newer draft is on its way or refused, so a half-typed price
 * does not blank the preview; `input` must keep its identity while the draft is unchanged.
 */
export function useProductPreview(id: string | undefined, input: AdminProductSave, language?: string) {
  const settled = useSettled(input, PREVIEW_DELAY_MS);
  const preview = useQuery({
    queryKey: ['store', 'product-preview', id ?? null, language ?? null, settled] as const,
    queryFn: ({ signal }) =>
      api<{ html: string }>('POST', STORE_API.productPreview(id), {
        body: settled,
        signal,
        ...(language && { query: { language } }),
      }),
    // A refused draft stays refused until it changes; the page is the owner's alone.
    retry: false,
    staleTime: Infinity,
    gcTime: 60_000,
    refetchOnWindowFocus: false,
  });
  const [shown, setShown] = useState<string>();
  useEffect(() => {
    if (preview.data) setShown(preview.data.html);
  }, [preview.data]);
  return {
    html: preview.data?.html ?? shown,
    isLoading: input !== settled || preview.isFetching,
    error: preview.error ? previewError(preview.error) : undefined,
  };
}
