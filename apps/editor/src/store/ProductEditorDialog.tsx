import type { CurrencyCode } from '@site/commerce-core';
import type { AdminProduct } from '@site/commerce-core/admin';
import {
  itemSeoSchema,
  SITE_LANGUAGES,
  slugFromTitle,
  type FileView,
  type ItemSeo,
} from '@site/page-content';
import {
  draftIssues,
  draftOf,
  ProductEditor,
  ProductPreview,
  SeoPanel,
  storeMessages,
  type PickedFile,
  type ProductDraft,
} from '@site/ui';
import { lazy, Suspense, useMemo, useState } from 'react';
import { issuesByPath } from '../api/http';
import { useEditorSite } from '../api/editor-site';
import { useFiles } from '../api/files';
import { useForms } from '../api/forms';
import { useMultilingualSettings } from '../api/multilingual';
import { ProductSeoNotSaved, ProductTagsNotSaved, useSaveProduct } from '../api/products';
import { useStores } from '../api/stores';
import { useTagNames } from '../api/tags';
import { errorMessage } from '../screen-kit/save-state';
import { ownerLocale } from './owner-locale';
import { toProductSave } from './product-draft';
import { priceRefusal, useProductPreview } from './product-preview';

// The file manager loads when the owner first picks a file.
const FilePickerDialog = lazy(() =>
  import('../files/FilePickerDialog').then((m) => ({ default: m.FilePickerDialog })),
);

const NO_SEO: ItemSeo = { title: '', description: '', socialImage: '', noindex: false };

// The summary is rich text; search engines and cards show its words only.
const plainText = (html: string) =>
  new DOMParser().parseFromString(html, 'text/html').body.textContent?.replace(/\s+/g, ' ').trim() ?? '';

const picked = (file: FileView): PickedFile => ({
  id: file.id,
  name: file.name,
  ...(file.contentType.startsWith('image/') && { url: file.assetUrl }),
});

/**
 * The product form with the site's files, forms and languages, and the product page as typed
 * beside it (rendered by the server from the unsaved draft); saves in one call.
 */
export function ProductEditorDialog({
  product,
  collectionId,
  currency,
  onClose,
  onSaved,
}: {
  /** null: a new product. */
  product: AdminProduct | null;
  collectionId: string;
  currency: CurrencyCode;
  onClose: () => void;
  /** After a save: the product as stored, and whether this save created it. */
  onSaved: (product: AdminProduct, created: boolean) => void;
}) {
  const save = useSaveProduct();
  const knownTags = useTagNames('products', 'tag');
  const knownCategories = useTagNames('products', 'category');
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
  const locale = ownerLocale();
  const [typed, setTyped] = useState(() => draftOf(product ?? undefined, locale));
  const [seo, setSeo] = useState<ItemSeo>(product?.seo ?? NO_SEO);
  // Checked here with the server's schema, so a product is never saved with settings then refused.
  const [seoIssues, setSeoIssues] = useState<Record<string, string>>({});
  const siteTitle = useEditorSite().data?.website.siteTitle ?? '';
  const storePath = useStores().data?.find((s) => s.id === collectionId)?.fullUrl ?? '';
  const issues = issuesByPath(save.error);
  const error =
    save.error instanceof ProductTagsNotSaved
      ? storeMessages.tagsNotSaved(errorMessage(save.error.reason))
      : save.error instanceof ProductSeoNotSaved
        ? storeMessages.seoNotSaved(errorMessage(save.error.reason))
        : save.error && Object.keys(issues).length === 0
          ? errorMessage(save.error)
          : undefined;
  const saveInput = (edited: ProductDraft) =>
    toProductSave(edited, {
      collectionId,
      currency,
      locale,
      version: saved?.version,
      ...(saved && { stockRead: Object.fromEntries(saved.variants.map((v) => [v.id, v.qtyInStock])) }),
      ...(multilingual.data && { languages: added }),
    });
  // Rebuilt only when the draft changes: the preview waits for the draft to settle.
  // The names too, which a save leaves to their own call, so the preview lists them as typed.
  const previewInput = useMemo(
    () => ({ ...saveInput(typed), tags: typed.tags, categories: typed.categories }),
    [typed, saved, multilingual.data],
  );
  // The main language unless the owner picks one the site added (it previews the translations).
  const [previewLanguage, setPreviewLanguage] = useState<string>();
  const refused = useMemo(() => priceRefusal(draftIssues(typed, { currency, locale })), [typed]);
  const preview = useProductPreview(saved?.id, previewInput, previewLanguage, refused);
  const mainLanguage = multilingual.data?.primaryLanguage;
  const previewLanguages =
    mainLanguage && languages.length > 0
      ? [{ code: mainLanguage, name: SITE_LANGUAGES[mainLanguage] }, ...languages]
      : [];
  const onSave = (draft: ProductDraft) => {
    const checked = itemSeoSchema.safeParse(seo);
    setSeoIssues(
      checked.success
        ? {}
        : Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])),
    );
    if (!checked.success) return;
    const input = saveInput(draft);
    const names = { tags: draft.tags, categories: draft.categories };
    save.mutate(
      { id: saved?.id, input, names, seo: checked.data },
      {
        onSuccess: (stored) => onSaved(stored, !saved),
        onError: (failure) =>
          (failure instanceof ProductTagsNotSaved || failure instanceof ProductSeoNotSaved) &&
          setSaved(failure.product),
      },
    );
  };
  const firstImage = typed.imageFileIds.map((id) => fileNames[id]?.url).find(Boolean) ?? saved?.imageUrl;
  const namesError = knownTags.error ?? knownCategories.error;
  return (
    <>
      <ProductEditor
        isOpen
        product={product ?? undefined}
        currency={currency}
        locale={locale}
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
        onDraftChange={setTyped}
        preview={
          <ProductPreview
            title={storeMessages.previewOf(typed.title)}
            html={preview.html}
            isLoading={preview.isLoading}
            error={preview.error}
            languages={previewLanguages}
            language={previewLanguage ?? mainLanguage}
            onLanguageChange={(code) => setPreviewLanguage(code === mainLanguage ? undefined : code)}
          />
        }
        seoPanel={
          <SeoPanel
            noun="product"
            value={seo}
            onChange={(patch) => setSeo((v) => ({ ...v, ...patch }))}
            fallback={{
              title: siteTitle ? `${typed.title} — ${siteTitle}` : typed.title,
              description: plainText(typed.excerpt),
              image: firstImage ?? undefined,
            }}
            url={`${location.host}${storePath}/p/${saved?.urlId ?? slugFromTitle(typed.title)}`}
            errors={seoIssues}
            disabled={save.isPending}
          />
        }
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
