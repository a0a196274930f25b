import { javascriptErrorBatchSchema, type TransportRequest } from '@site/tracking';
import { describe, expect, it, vi } from 'vitest';
import { reportEditorError, setErrorReportingSite } from './error-reporting';

describe('editor error reporting', () => {
  it('writes to the console until the site is known, then reports interface errors naming the site', async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reportEditorError('screen', new Error('before the site loaded'));
    expect(error).toHaveBeenCalledWith('editor screen failed', expect.any(Error));

    const sent: TransportRequest[] = [];
    setErrorReportingSite('demo', {
      post: async (request) => {
        sent.push(request);
        return { status: 204 };
      },
    });
    reportEditorError('screen', new Error('Cannot read the page list'));
    reportEditorError('commerce_preferences_checkout', new Error('down'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/events/RecordJavascriptErrors');
    const batch = javascriptErrorBatchSchema.parse(JSON.parse(sent[0]!.body));
    expect(batch.map((e) => [e.event, e.data.websiteId, e.data.templateId, e.data.message])).toEqual([
      ['interface_error_screen', 'demo', 'editor', 'Cannot read the page list'],
      ['interface_error_commerce_preferences_checkout', 'demo', 'editor', 'down'],
    ]);
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
    vi.useRealTimers();
  });
});
