import { STORE_API, type AdminProductSave } from '@site/commerce-core/admin';
import { storeMessages as m } from '@site/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, ApiError } from '../api/http';
import { errorMessage } from '../screen-kit/save-state';

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
  return issue ? namedIssue(issue.path, issue.message) : errorMessage(error);
}

function namedIssue(path: readonly (string | number)[], message: string): string {
  const [first, index, field] = path;
  const name =
    first === 'variants' && typeof index === 'number'
      ? [`${m.variant} ${index + 1}`, typeof field === 'string' ? FIELD_NAMES[field] : undefined]
          .filter(Boolean)
          .join(', ')
      : typeof first === 'string'
        ? FIELD_NAMES[first]
        : undefined;
  return name ? `${name}: ${message}` : message;
}

/**
 * The form's own refusal of a price ("variants.0.price.value"), worded as the server's would be:
 * a price that is not money is not sent, since the server could only answer in minor units.
 */
export function priceRefusal(issues: Readonly<Record<string, string>>): string | undefined {
  const found = Object.entries(issues).find(([path]) => path.startsWith('variants.'));
  if (!found) return undefined;
  const path = found[0].split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  return namedIssue(path, found[1]);
}

/**
 * The product page the server renders for the unsaved draft (of a new product without an id).
 * The page last shown stays while a newer draft is on its way or refused, so a half-typed price
 * does not blank the preview; `input` must keep its identity while the draft is unchanged.
 */
export function useProductPreview(
  id: string | undefined,
  input: AdminProductSave,
  language?: string,
  /** Why the draft is not sent at all (see priceRefusal); the last page stays. */
  refused?: string,
) {
  const settled = useSettled(input, PREVIEW_DELAY_MS);
  const preview = useQuery({
    enabled: refused === undefined,
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
    isLoading: refused === undefined && (input !== settled || preview.isFetching),
    error: refused ?? (preview.error ? previewError(preview.error) : undefined),
  };
}
