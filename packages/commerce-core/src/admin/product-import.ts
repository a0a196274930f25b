import { fillMessage } from '../messages';
import { isSafeText } from '../text/safe-text';
import { parseMoneyText } from './money-text';
import { AdminProductSaveSchema, type AdminProductSave, type AdminVariantInput } from './product-input';

/** Owner-facing words of the product CSV import, in one place. */
export const productImportMessages = {
  expected: 'Send the products as a CSV file (text/csv).',
  tooLarge: 'The file is larger than {max} MB. Split it into smaller files.',
  unreadable: 'The file holds characters that are not text. Save it again as CSV (UTF-8).',
  columnsMissing: 'The file needs the columns {columns}, as in a Shopify product export. Missing: {missing}.',
  noRows: 'The file has a header but no products.',
  tooManyRows: 'A file can hold at most {max} rows. Split it into smaller files.',
  row: 'Row {row}: {message}',
  titleMissing: 'the first row of "{handle}" needs a Title.',
  price: 'Variant Price "{value}": {message}',
  compareAt: 'Variant Compare At Price "{value}": {message}',
  stock: 'Variant Inventory Qty "{value}" is not a whole number of 0 or more.',
  notFound: 'That import no longer exists.',
  running: 'An import is already running for this site. Wait for it to finish.',
} as const;

/** The import's rows the editor shows: where it is, and why each refused row was refused. */
export interface ProductImportView {
  id: string;
  status: 'running' | 'done' | 'failed';
  /** 0–100: the share of the file's products handled so far. */
  progress: number;
  /** Products in the file (rows of one Handle make one product). */
  total: number;
  imported: number;
  /** One per refused product, by its first row in the file (the header is row 1). */
  errors: { row: number; message: string }[];
  createdAt: string;
}

/** The largest file an import takes, in bytes, and the most rows. */
export const PRODUCT_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const PRODUCT_IMPORT_MAX_ROWS = 50_000;

/** Columns read (Shopify's product CSV names), matched without regard to case or spaces around. */
const REQUIRED = ['Handle', 'Title', 'Variant Price'] as const;

/** One product of the file, ready to save, or why its rows cannot be. */
export type ImportedProduct = { row: number; input: AdminProductSave } | { row: number; error: string };

export type ProductCsvResult = { ok: true; products: ImportedProduct[] } | { ok: false; message: string };

const issueMessage = (error: { issues: { message: string }[] }) => error.issues[0]?.message ?? '';

/**
 * The products of a Shopify-shaped product CSV (already split into rows): rows sharing a Handle
 * are one product's variants, the first carrying its title and description; Option1–3 Name/Value
 * are the variant options. Prices are read as written in the file ("19.99"), in the store's
 * currency; a Compare At Price above the price puts the variant on sale at that price. Each
 * product is checked with the same rules as a save from the editor, so a bad row refuses its
 * product only, with the row's number.
 */
export function productsFromCsv(
  rows: readonly (readonly string[])[],
  options: { currency: string; collectionId: string },
): ProductCsvResult {
  const [header, ...body] = rows;
  const names = (header ?? []).map((h) => h.trim().toLowerCase());
  const col = (name: string) => names.indexOf(name.toLowerCase());
  const missing = REQUIRED.filter((c) => col(c) < 0);
  if (missing.length > 0)
    return {
      ok: false,
      message: fillMessage(productImportMessages.columnsMissing, {
        columns: REQUIRED.join(', '),
        missing: missing.join(', '),
      }),
    };
  if (body.length === 0) return { ok: false, message: productImportMessages.noRows };
  if (body.length > PRODUCT_IMPORT_MAX_ROWS)
    return {
      ok: false,
      message: fillMessage(productImportMessages.tooManyRows, { max: PRODUCT_IMPORT_MAX_ROWS }),
    };
  const at = (cells: readonly string[], name: string) => {
    const i = col(name);
    return i < 0 ? '' : (cells[i] ?? '').trim();
  };

  const groups = new Map<string, { row: number; cells: (readonly string[])[] }>();
  body.forEach((cells, i) => {
    const handle = at(cells, 'Handle') || `row-${i + 2}`;
    const group = groups.get(handle) ?? { row: i + 2, cells: [] };
    group.cells.push(cells);
    groups.set(handle, group);
  });

  const products = [...groups].map(([handle, { row, cells }]): ImportedProduct => {
    const refuse = (message: string) => ({
      row,
      error: fillMessage(productImportMessages.row, { row, message }),
    });
    const first = cells[0]!;
    const title = at(first, 'Title');
    if (!title) return refuse(fillMessage(productImportMessages.titleMissing, { handle }));
    // Shopify writes a product without options as Option1 "Title" = "Default Title".
    const optionColumns = [1, 2, 3]
      .map((n) => ({ n, name: at(first, `Option${n} Name`) }))
      .filter(
        ({ n, name }) =>
          name !== '' && !(name === 'Title' && at(first, `Option${n} Value`) === 'Default Title'),
      );
    const optionNames = optionColumns.map((o) => o.name);
    const variants: AdminVariantInput[] = [];
    for (const cellsOfVariant of cells) {
      // Shopify's extra image rows carry the Handle and a picture, no variant.
      if (
        cellsOfVariant !== first &&
        at(cellsOfVariant, 'Variant Price') === '' &&
        optionColumns.every(({ n }) => at(cellsOfVariant, `Option${n} Value`) === '')
      )
        continue;
      const money = (value: string) => parseMoneyText(value, { currency: options.currency, locale: 'en' });
      const priceText = at(cellsOfVariant, 'Variant Price');
      const price = parseMoneyText(priceText, { currency: options.currency, locale: 'en', required: true });
      if (!price.ok || price.minor === null)
        return refuse(
          fillMessage(productImportMessages.price, {
            value: priceText,
            message: price.ok ? '' : price.message,
          }),
        );
      const compareText = at(cellsOfVariant, 'Variant Compare At Price');
      const compare = money(compareText);
      if (!compare.ok)
        return refuse(
          fillMessage(productImportMessages.compareAt, { value: compareText, message: compare.message }),
        );
      const stockText = at(cellsOfVariant, 'Variant Inventory Qty');
      if (stockText !== '' && !/^\d{1,10}$/.test(stockText))
        return refuse(fillMessage(productImportMessages.stock, { value: stockText }));
      const onSale = compare.minor !== null && compare.minor > price.minor;
      const amount = (minor: bigint) => ({ value: String(minor), currency: options.currency });
      variants.push({
        sku: at(cellsOfVariant, 'Variant SKU'),
        attributes: Object.fromEntries(
          optionColumns.map(({ n, name }) => [name, at(cellsOfVariant, `Option${n} Value`)]),
        ),
        price: amount(onSale ? compare.minor! : price.minor),
        ...(onSale && { salePrice: amount(price.minor) }),
        onSale,
        qtyInStock: stockText === '' ? 0 : Number(stockText),
        unlimited: false,
      } as AdminVariantInput);
    }
    const status = at(first, 'Status').toLowerCase();
    const published = at(first, 'Published').toLowerCase();
    const parsed = AdminProductSaveSchema.safeParse({
      collectionId: options.collectionId,
      title,
      excerpt: at(first, 'Body (HTML)'),
      productType: 'physical',
      enabled: status ? status === 'active' : published !== 'false',
      variantOptionOrdering: optionNames,
      variants,
    });
    if (!parsed.success) return refuse(issueMessage(parsed.error));
    return { row, input: parsed.data };
  });
  return { ok: true, products };
}

/** Whether an uploaded file can be read as text at all (a NUL or broken UTF-16 is not a CSV). */
export function isImportableText(text: string): boolean {
  return isSafeText(text);
}
