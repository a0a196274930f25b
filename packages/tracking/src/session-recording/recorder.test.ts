// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOMATED_RECORDING_ID, PASSWORD_MASK } from '../constants';
import { createFakeLifecycle } from '../testing/fake-lifecycle';
import { createFakeTransport } from '../testing/fake-transport';
import { recordingBatchSchema, recordingEventSchema, type RecordingEvent } from './payloads';
import { RECORDING_FLUSH_MS, startSessionRecorder } from './recorder';
import { recordingIdUrl, startVisitorRecording } from './start-recording';

const ID = 'rec-0123456789';
const T = 1_700_000_000_000;

function setup() {
  document.body.innerHTML = `
    <main class="page"><a class="nav-link" href="/shop">Shop now</a>
    <button id="buy" class="button primary">Add to cart</button>
    <form><label for="email">Email</label><input id="email" name="email" type="email">
    <label>Password <input name="pw" type="password"></label>
    <textarea name="note" aria-label="Order note"></textarea></form></main>`;
  const transport = createFakeTransport({ beacon: true });
  const lifecycle = createFakeLifecycle();
  const recorder = startSessionRecorder({
    recordingId: ID,
    doc: document,
    transport,
    lifecycle,
    now: () => T,
  });
  const events = async () => {
    await recorder.flush();
    return transport.sent.flatMap((r) => recordingBatchSchema.parse(JSON.parse(r.body)).events);
  };
  return { transport, lifecycle, recorder, events };
}

const type = (el: HTMLInputElement | HTMLTextAreaElement, value: string) => {
  el.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
};

describe('visitor recorder', () => {
  afterEach(() => vi.useRealTimers());

  it('notes the page path and clicks by selector, with the words of links and buttons', async () => {
    const { events, transport } = setup();
    document.querySelector<HTMLElement>('.nav-link')!.click();
    document.querySelector<HTMLElement>('#buy')!.click();
    expect(await events()).toEqual([
      { kind: 'page', t: T, path: '/' },
      { kind: 'scroll', t: T, depth: 100 },
      { kind: 'click', t: T, target: 'main.page > a.nav-link', text: 'Shop now' },
      { kind: 'click', t: T, target: 'button#buy', text: 'Add to cart' },
    ]);
    expect(transport.sent[0]!.url).toBe(`/api/visitor-recordings/${ID}/events`);
  });

  it('replaces a password field value by __MASKED_FIELD__ and records no other field value at all', async () => {
    const { events } = setup();
    type(document.querySelector('#email')!, 'ann@example.com');
    type(document.querySelector('[name=pw]')!, 'hunter2-secret');
    type(document.querySelector('[name=note]')!, 'leave at the door');
    const noted = await events();
    const body = JSON.stringify(noted);
    for (const secret of ['ann@example.com', 'hunter2-secret', 'leave at the door'])
      expect(body).not.toContain(secret);
    const fields = noted.filter((e): e is Extract<RecordingEvent, { kind: 'field' }> => e.kind === 'field');
    expect(fields.map((f) => [f.action, f.label, f.fieldType, f.value])).toEqual([
      ['focus', 'Email', 'email', undefined],
      ['change', 'Email', 'email', undefined],
      ['focus', 'Password', 'password', undefined],
      ['change', 'Password', 'password', PASSWORD_MASK],
      ['focus', 'Order note', 'textarea', undefined],
      ['change', 'Order note', 'textarea', undefined],
    ]);
  });

  it('sends every 5 s, and by beacon when the page is hidden', async () => {
    vi.useFakeTimers();
    const { transport, lifecycle } = setup();
    expect(transport.sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(RECORDING_FLUSH_MS);
    expect(transport.sent.map((r) => r.via)).toEqual(['post']);
    document.querySelector<HTMLElement>('#buy')!.click();
    lifecycle.hide();
    expect(transport.sent.map((r) => r.via)).toEqual(['post', 'beacon']);
  });

  it('stops when the server refuses the recording (full or expired)', async () => {
    const { transport, recorder } = setup();
    transport.respond = () => 413;
    await recorder.flush();
    document.querySelector<HTMLElement>('#buy')!.click();
    await recorder.flush();
    expect(transport.sent).toHaveLength(1);
  });
});

describe('starting a recording', () => {
  beforeEach(() => {
    document.body.innerHTML = '<main><button>Go</button></main>';
  });
  const deps = (answer: unknown, over: { enabled?: boolean; cores?: number } = {}) => {
    const asked: string[] = [];
    return {
      asked,
      deps: {
        enabled: over.enabled ?? true,
        cores: over.cores ?? 8,
        doc: document,
        transport: createFakeTransport(),
        lifecycle: createFakeLifecycle(),
        now: () => T,
        settle: { quietMs: 1, timeoutMs: 5 },
        getJson: async (url: string) => {
          asked.push(url);
          return answer;
        },
      },
    };
  };

  it.each([
    ['the owner switched recordings off', { enabled: false }],
    ['the device has 2 cores', { cores: 2 }],
  ])('asks for no id when %s', async (_, over) => {
    const { asked, deps: d } = deps(ID, over);
    expect(await startVisitorRecording(d)).toBeUndefined();
    expect(asked).toEqual([]);
  });

  it.each([
    ['the id automated-mock-id is ignored', AUTOMATED_RECORDING_ID],
    ['an answer that is no id', { id: ID }],
    ['a malformed id', '../../etc'],
  ])('records nothing when %s', async (_, answer) => {
    const { asked, deps: d } = deps(answer);
    expect(await startVisitorRecording(d)).toBeUndefined();
    expect(asked).toHaveLength(1);
  });

  it('records once the DOM has settled, forwarding the cores and experiment overrides', async () => {
    const { asked, deps: d } = deps(ID);
    const recorder = await startVisitorRecording(d);
    expect(recorder).toBeDefined();
    recorder!.stop();
    expect(asked).toEqual(['/api/commerce/fullstory/getId?cores=8']);
    expect(recordingIdUrl(4, '?a=1&experiment-override=visitor-recording%3Arecord')).toBe(
      '/api/commerce/fullstory/getId?cores=4&experiment-override=visitor-recording%3Arecord',
    );
  });
});

describe('recording event schema', () => {
  it.each<[string, unknown, boolean]>([
    [
      'a masked password change',
      { kind: 'field', t: T, action: 'change', target: 'input', fieldType: 'password', value: PASSWORD_MASK },
      true,
    ],
    [
      'a password value in clear',
      { kind: 'field', t: T, action: 'change', target: 'input', fieldType: 'password', value: 'hunter2' },
      false,
    ],
    [
      'the mask on an email field',
      { kind: 'field', t: T, action: 'change', target: 'input', fieldType: 'email', value: PASSWORD_MASK },
      false,
    ],
    [
      'an extra field smuggling a value',
      { kind: 'field', t: T, action: 'change', target: 'input', fieldType: 'email', typed: 'a@b.c' },
      false,
    ],
    ['scroll beyond 100 %', { kind: 'scroll', t: T, depth: 101 }, false],
    ['an unknown kind', { kind: 'keys', t: T }, false],
    ['a click with long text', { kind: 'click', t: T, target: 'a', text: 'x'.repeat(81) }, false],
  ])('%s', (_, event, valid) => {
    expect(recordingEventSchema.safeParse(event).success).toBe(valid);
  });
});
