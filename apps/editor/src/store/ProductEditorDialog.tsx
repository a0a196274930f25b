import type { CurrencyCode } from '@site/commerce-core';
import type { AdminProduct } from '@site/commerce-core/admin';
import { SITE_LANGUAGES, type FileView } from '@site/page-content';
import { ProductEditor, storeMessages, type PickedFile, type ProductDraft } from '@site/ui';
import { lazy, Suspense, useMemo, useState } from 'react';
import { issuesByPath } from '../api/http';
import { errorMessage, useFiles } from '../api/queries';
import {
  ProductTagsNotSaved,
  useMultilingualSettings,
  useProductTagNames,
  useSaveProduct,
} from '../api/store-queries';
import { useForms } from '../forms/queries';
import { toProductSave } from './product-draft';

// The file manager loads when the owner first picks a file.
const FilePickerDialog = lazy(() =>
  import('../files/FilePickerDialog').then((m) => ({ default: m.FilePickerDialog })),
);

const picked = (file: FileView): PickedFile => ({
  id: file.id,
  name: file.name,
  ...(file.contentType.startsWith('image/') && { url: file.assetUrl }),
});

/** The product form with the site's files, forms and languages; saves in one call. */
export function ProductEditorDialog({
  product,
  collectionId,
  currency,
  onDraftChange,
  onClose,
}: {
  /** null: a new product. */
  product: AdminProduct | null;
  collectionId: string;
  currency: CurrencyCode;
  onDraftChange?: (draft: ProductDraft) => void;
  onClose: () => void;
}) {
  const save = useSaveProduct();
  const knownTags = useProductTagNames('tag');
  const knownCategories = useProductTagNames('category');
  // Once saved, a later save (after its names were refused) updates that product, not a new one.
  const [saved, setSaved] = useState<AdminProduct | null>(product);
  const files = useFiles(100, 'all');
  const forms = useForms();
  const multilingual = useMultilingualSettings();
  const [picking, setPicking] = useState<{ kind: 'image' | 'file'; choose: (file: PickedFile) => void }>();
  const fileNames = useMemo(
    () =>
      Object.fromEntries(
        (files.data?.pages ?? []).flatMap((p) => p.items).map((f) => [f.id, picked(f)] as const),
      ),
    [files.data],
  );
  const added = (multilingual.data?.languages ?? []).filter(
    (code) => code !== multilingual.data?.primaryLanguage,
  );
  const languages = added.map((code) => ({ code, name: SITE_LANGUAGES[code] }));
  const issues = issuesByPath(save.error);
  const error =
    save.error instanceof ProductTagsNotSaved
      ? storeMessages.tagsNotSaved(errorMessage(save.error.reason))
      : save.error && Object.keys(issues).length === 0
        ? errorMessage(save.error)
        : undefined;
  const onSave = (draft: ProductDraft) => {
    const input = toProductSave(draft, {
      collectionId,
      currency,
      version: saved?.version,
      ...(saved && { stockRead: Object.fromEntries(saved.variants.map((v) => [v.id, v.qtyInStock])) }),
      ...(multilingual.data && { languages: added }),
    });
    const names = { tags: draft.tags, categories: draft.categories };
    save.mutate(
      { id: saved?.id, input, names },
      {
        onSuccess: onClose,
        onError: (failure) => failure instanceof ProductTagsNotSaved && setSaved(failure.product),
      },
    );
  };
  const namesError = knownTags.error ?? knownCategories.error;
  return (
    <>
      <ProductEditor
        isOpen
        product={product ?? undefined}
        currency={currency}
        issues={issues}
        error={error}
        isSaving={save.isPending}
        files={fileNames}
        onPickFile={(kind, choose) => setPicking({ kind, choose })}
        forms={forms.data ?? []}
        languages={languages}
        knownNames={{ tags: knownTags.data ?? [], categories: knownCategories.data ?? [] }}
        knownNamesLoading={knownTags.isPending || knownCategories.isPending}
        knownNamesError={namesError ? errorMessage(namesError) : undefined}
        onDraftChange={onDraftChange}
        onSave={onSave}
        onCancel={onClose}
      />
      {picking && (
        <Suspense fallback={null}>
          <FilePickerDialog
            isOpen
            kind={picking.kind === 'image' ? 'image' : 'all'}
            onClose={() => setPicking(undefined)}
            onChoose={(file) => {
              setPicking(undefined);
              picking.choose(picked(file));
            }}
          />
        </Suspense>
      )}
    </>
  );
}
