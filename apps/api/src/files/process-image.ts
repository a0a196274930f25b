import { FILE_LIMITS, IMAGE_WIDTHS, type ColorData, type FileStatus } from '@site/page-content';
import { and, eq } from 'drizzle-orm';
import sharp, { type Sharp } from 'sharp';
import type { Database } from '../db/client';
import { files } from '../db/schema';
import { originalKey, removeStored, removeWidths, widthKey, type FileRow } from './file-store';
import type { FileStorage } from './storage';

/** Past this, a huge or hostile image stops processing as `cancelled` rather than holding a core. */
const PROCESSING_SECONDS = 60;

const open = (input: Buffer, row: FileRow) =>
  sharp(input, { limitInputPixels: FILE_LIMITS.maxImagePixels, animated: row.contentType === 'image/gif' })
    .timeout({ seconds: PROCESSING_SECONDS })
    // Phones store the camera's rotation in EXIF; sizes are written upright and without metadata.
    .autoOrient();

function encode(image: Sharp, contentType: string): Sharp {
  if (contentType === 'image/png') return image.png({ compressionLevel: 9, palette: false });
  if (contentType === 'image/webp') return image.webp({ quality: 80 });
  if (contentType === 'image/gif') return image.gif();
  return image.jpeg({ quality: 80, mozjpeg: true });
}

const hex = (channels: number[]) => channels.map((c) => c.toString(16).padStart(2, '0')).join('');

/** Pixels a side of the small copy the colours are read from; each corner is a third of it. */
const SAMPLE = 30;

/** platform.md §3 colorData: the average colour of each corner and the centre (thirds of the image). */
async function colorData(input: Buffer, row: FileRow): Promise<ColorData> {
  const data = await open(input, row)
    .flatten({ background: '#ffffff' })
    .resize(SAMPLE, SAMPLE, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const third = SAMPLE / 3;
  const average = (column: number, row: number) => {
    const sums = [0, 0, 0];
    for (let y = row * third; y < (row + 1) * third; y++) {
      for (let x = column * third; x < (column + 1) * third; x++) {
        for (let c = 0; c < 3; c++) sums[c]! += data[(y * SAMPLE + x) * 3 + c]!;
      }
    }
    return hex(sums.map((s) => Math.round(s / (third * third))));
  };
  return {
    topLeftAverage: average(0, 0),
    topRightAverage: average(2, 0),
    bottomLeftAverage: average(0, 2),
    bottomRightAverage: average(2, 2),
    centerAverage: average(1, 1),
  };
}

/** The srcset widths below the original's: an image is never enlarged; the original stands in above. */
export const widthsFor = (originalWidth: number) => IMAGE_WIDTHS.filter((w) => w < originalWidth);

/**
 * Writes an uploaded image's srcset widths and colour data, then marks it complete; failed when
 * sharp cannot decode it, cancelled when it takes too long. Safe to run twice, and a file deleted
 * meanwhile leaves nothing behind.
 */
export async function processImage(
  db: Database,
  storage: FileStorage,
  fileId: string,
): Promise<FileStatus | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, fileId));
  if (!row || row.status !== 'processing' || !row.width) return undefined;
  let status: FileStatus = 'complete';
  let done: Partial<FileRow> = {};
  try {
    const input = await storage.get(originalKey(row));
    const widths = widthsFor(row.width);
    for (const width of widths) {
      await storage.put(
        widthKey(row, width),
        await encode(open(input, row).resize({ width }), row.contentType).toBuffer(),
      );
    }
    done = { widths, colorData: await colorData(input, row) };
  } catch (error) {
    status = /timeout/i.test((error as Error).message) ? 'cancelled' : 'failed';
    await removeWidths(storage, row);
  }
  const [updated] = await db
    .update(files)
    .set({ ...done, status })
    .where(and(eq(files.id, fileId), eq(files.status, 'processing')))
    .returning({ id: files.id });
  if (updated) return status;
  const [still] = await db.select({ id: files.id }).from(files).where(eq(files.id, fileId));
  if (!still) await removeStored(storage, row);
  return undefined;
}
