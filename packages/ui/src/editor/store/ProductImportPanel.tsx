import type { ProductImportView } from '@site/commerce-core/admin';

export const productImportPanelMessages = {
  title: 'Import products',
  intro:
    'Add many products at once from a CSV file shaped like a Shopify product export: Handle, Title and Variant Price columns, with Body (HTML), Option1–3 Name and Value, Variant SKU, Variant Compare At Price, Variant Inventory Qty and Status when you have them. Rows with the same Handle become one product’s variants. Prices are read in the store’s currency, as written in the file.',
  choose: 'Import products from CSV',
  sending: 'Sending the file…',
  running: (done: number, total: number) => `Importing products: ${done} of ${total} done`,
  progress: 'Import progress',
  done: (imported: number, total: number) =>
    `Imported ${imported} of ${total} ${total === 1 ? 'product' : 'products'}.`,
  refused: (n: number) =>
    `${n} ${n === 1 ? 'product was' : 'products were'} not imported. Fix ${n === 1 ? 'its row' : 'these rows'} and import ${n === 1 ? 'it' : 'them'} again:`,
  failed:
    'The import stopped before the end. The products listed as imported are in the store; send the file again for the rest.',
} as const;
const m = productImportPanelMessages;

export interface ProductImportPanelProps {
  /** The site's latest import, or null when it has none; undefined while it loads. */
  latest?: ProductImportView | null;
  onFile: (file: File) => void;
  /** The file is on its way to the server. */
  isSending?: boolean;
  /** Why the server refused the file, in its words. */
  sendError?: string;
  isReadOnly?: boolean;
}

/** Upload a product CSV, watch the import job's progress, then read which rows were refused and why. */
export function ProductImportPanel({
  latest,
  onFile,
  isSending,
  sendError,
  isReadOnly,
}: ProductImportPanelProps) {
  const running = latest?.status === 'running';
  const done = latest ? Math.round((latest.progress * latest.total) / 100) : 0;
  return (
    <section className="ed-product-import" aria-labelledby="product-import-title">
      <h2 id="product-import-title">{m.title}</h2>
      <p className="ed-muted">{m.intro}</p>
      {!isReadOnly && (
        <label className="ed-button" aria-disabled={running || isSending ? true : undefined}>
          {isSending ? m.sending : m.choose}
          <input
            type="file"
            accept=".csv,text/csv"
            className="ed-visually-hidden"
            disabled={running || isSending}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) onFile(file);
              e.target.value = '';
            }}
          />
        </label>
      )}
      {sendError && (
        <p role="alert" className="ed-field__error">
          {sendError}
        </p>
      )}
      {latest && running && (
        <div role="status">
          <p>{m.running(done, latest.total)}</p>
          <progress max={100} value={latest.progress} aria-label={m.progress} />
        </div>
      )}
      {latest && !running && (
        <div role="status">
          <p>{latest.status === 'failed' ? m.failed : m.done(latest.imported, latest.total)}</p>
        </div>
      )}
      {latest && latest.errors.length > 0 && (
        <>
          <p>{m.refused(latest.errors.length)}</p>
          <ul className="ed-product-import__errors">
            {latest.errors.map((e) => (
              <li key={e.row}>{e.message}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
