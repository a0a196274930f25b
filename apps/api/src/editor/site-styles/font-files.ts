import { FONTS, fontById, type FontKit } from '@site/page-content';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';

const require = createRequire(import.meta.url);

/**
 * Kit fonts come from @fontsource packages (dependencies of this app) and are served by this
 * server, so no page ever asks an outside font service. Only the kit's fixed ids and weights map
 * to a file: the request names nothing on disk.
 */
function fontFile(id: string, weight: number): string | undefined {
  const font = fontById(id);
  if (font?.source !== 'kit' || !font.weights.includes(weight)) return undefined;
  return require.resolve(`@fontsource/${font.id}/files/${font.id}-latin-${weight}-normal.woff2`);
}

/** `GET /assets/fonts/<id>/<weight>.woff2`, public and cached for a year (the files never change under a name). */
export function registerFontFiles(app: FastifyInstance): void {
  app.get('/assets/fonts/:id/:file', async (request, reply) => {
    const { id, file } = request.params as { id: string; file: string };
    const weight = /^(\d{3})\.woff2$/.exec(file)?.[1];
    const path = weight ? fontFile(id, Number(weight)) : undefined;
    if (!path) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'No such font file' } });
    const { size } = await stat(path);
    return reply
      .header('content-type', 'font/woff2')
      .header('content-length', size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('access-control-allow-origin', '*')
      .send(createReadStream(path));
  });
}

/** The font kit the picker lists (`GET /api/editor/fonts`). */
export const fontKit = (): FontKit => ({ fonts: [...FONTS] });
