import { pageContextSchema } from '@site/tracking';
import { describe, expect, it, vi } from 'vitest';
import { readPageContext } from '../page-context';
import { startPageTracking, trackingContext } from './index';

const startTracking = vi.hoisted(() => vi.fn());
vi.mock('@site/tracking', async (importOriginal) => ({ ...(await importOriginal<object>()), startTracking }));

const embedded = {
  websiteId: 'demo',
  pageType: 2,
  pageId: 'page-contact',
  collectionId: 'page-contact',
  itemId: null,
  storeCurrency: 'USD',
  locale: 'en-US',
};

describe('storefront tracking', () => {
  it('maps the embedded page context onto the tracking page context', () => {
    const mapped = trackingContext({ ...readPageContext(document), ...embedded });
    expect(pageContextSchema.parse(mapped)).toEqual({
      websiteId: 'demo',
      templateId: 'page-contact',
      pageType: 2,
      collectionId: 'page-contact',
      storeCurrency: 'USD',
      websiteLocale: 'en-US',
    });
    expect(trackingContext({ ...embedded, pageId: null, templateId: 't-1' }).templateId).toBe('t-1');
    expect(trackingContext({ ...embedded, pageId: null }).templateId).toBe('site');
  });

  it('starts tracking from the lazily loaded chunk and reports each site form as rendered', async () => {
    const formRender = vi.fn(async () => undefined);
    startTracking.mockReturnValue({ census: { formRender } });
    document.body.innerHTML = '<form data-site-form data-form-id="form-contact"></form>';
    startPageTracking({ ...readPageContext(document), ...embedded });
    await vi.waitFor(() => expect(formRender).toHaveBeenCalledWith('form-contact'));
    expect(startTracking.mock.calls[0]![0]).toMatchObject({ websiteId: 'demo', templateId: 'page-contact' });
  });

  it('does nothing without a website id', () => {
    startTracking.mockClear();
    startPageTracking({ ...readPageContext(document), websiteId: '' });
    expect(startTracking).not.toHaveBeenCalled();
  });
});
