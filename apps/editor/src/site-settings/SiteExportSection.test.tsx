import { messages, SITE_EXPORT_API, siteExportMessages as m, type SiteExport } from '@site/page-content';
import { afterEach, describe, expect, it } from 'vitest';
import { button, click, eventually, mount, stubServer, unmount } from '../test/dom';
import { SiteExportSection } from './SiteExportSection';

afterEach(unmount);

describe('site export in settings', () => {
  it('starts an export, shows its progress as the job reports it, then offers the download', async () => {
    let latest: SiteExport | null = null;
    let polls = 0;
    const calls = stubServer(({ method, url }) => {
      if (url !== SITE_EXPORT_API.exports) return undefined;
      if (method === 'POST') {
        latest = {
          id: 'e1',
          status: 'running',
          progress: 0,
          size: null,
          createdAt: '2026-11-28T17:00:00Z',
          finishedAt: null,
        };
        return { status: 202, body: latest };
      }
      // The job moves on between the editor's looks.
      if (latest?.status === 'running') {
        polls += 1;
        latest =
          polls < 2
            ? { ...latest, progress: 60 }
            : { ...latest, status: 'ready', progress: 100, size: 52_000, finishedAt: '2026-11-28T17:00:03Z' };
      }
      return { status: 200, body: { export: latest } };
    });
    const host = await mount(<SiteExportSection />);
    await eventually(() => expect(host.textContent).toContain(m.none));
    await click(button(host, m.start)!);
    expect(calls.some((c) => c.method === 'POST' && c.url === SITE_EXPORT_API.exports)).toBe(true);
    await eventually(() => expect(host.textContent).toContain(m.running(60)));
    await eventually(() =>
      expect(host.querySelector('a[download]')?.getAttribute('href')).toBe(SITE_EXPORT_API.download('e1')),
    );
    expect(host.textContent).toContain('52 KB');
  });

  it('says "No response data from job request" when starting answers without the job', async () => {
    stubServer(({ method, url }) => {
      if (url !== SITE_EXPORT_API.exports) return undefined;
      return method === 'POST' ? { status: 202, body: null } : { status: 200, body: { export: null } };
    });
    const host = await mount(<SiteExportSection />);
    await eventually(() => expect(host.textContent).toContain(m.none));
    await click(button(host, m.start)!);
    await eventually(() => expect(host.textContent).toContain(messages.noResponseDataFromJob));
  });
});
