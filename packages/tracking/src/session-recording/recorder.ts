import { ENDPOINT, PASSWORD_MASK } from '../constants';
import type { PageLifecycle } from '../page-lifecycle/page-lifecycle';
import { JSON_CONTENT_TYPE, TEXT_CONTENT_TYPE, type Transport } from '../runtime/transport';
import { RECORDING_BATCH_MAX, RECORDING_TEXT_MAX, type RecordingEvent } from './payloads';

/** Queued events are sent this often, and at once when the page is hidden. */
export const RECORDING_FLUSH_MS = 5000;
/** Scroll depth is noted in steps of this many percent, each step once per page. */
export const SCROLL_STEP_PERCENT = 25;

export interface RecorderDeps {
  recordingId: string;
  doc: Document;
  transport: Transport;
  lifecycle: PageLifecycle;
  now: () => number;
}

export interface Recorder {
  /** Sends what is queued now. */
  flush(): Promise<void>;
  stop(): void;
}

const clip = (text: string, max: number) => text.replace(/\s+/g, ' ').trim().slice(0, max);
const CLICKABLE =
  'a,button,summary,label,select,[role="button"],[role="link"],input,textarea,[data-block-id]';
const FIELDS = 'input,select,textarea';

/** A short CSS path (up to 3 levels) that names an element without reading what it contains. */
export function describeElement(el: Element): string {
  const parts: string[] = [];
  for (let node: Element | null = el; node && parts.length < 3; node = node.parentElement) {
    if (node.tagName === 'BODY' || node.tagName === 'HTML') break;
    let part = node.tagName.toLowerCase();
    if (node.id && /^[A-Za-z][\w-]{0,40}$/.test(node.id)) {
      parts.unshift(`${part}#${node.id}`);
      break;
    }
    const classes = Array.from(node.classList)
      .filter((c) => /^[A-Za-z_][\w-]{0,40}$/.test(c))
      .slice(0, 2);
    if (classes.length > 0) part += `.${classes.join('.')}`;
    parts.unshift(part);
  }
  return clip(parts.join(' > '), RECORDING_TEXT_MAX.selector) || el.tagName.toLowerCase();
}

/** What a click on `el` is noted as: its selector, and the words of a link or button only. */
export function clickEvent(target: Element, t: number): RecordingEvent {
  const el = target.closest(CLICKABLE) ?? target;
  const speaks = el.matches('a,button,summary,[role="button"],[role="link"]');
  const text = speaks ? clip(el.textContent ?? '', RECORDING_TEXT_MAX.label) : '';
  return { kind: 'click', t, target: describeElement(el), ...(text ? { text } : {}) };
}

/**
 * A form field's focus or change, never its content: a password field's value is replaced by
 * __MASKED_FIELD__ (platform.md §9) and no other field's value is read at all.
 */
export function fieldEvent(
  field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement,
  action: 'focus' | 'change',
  t: number,
): RecordingEvent {
  const fieldType =
    field.tagName === 'INPUT' ? (field as HTMLInputElement).type || 'text' : field.tagName.toLowerCase();
  const labelText = field.labels?.[0]?.textContent ?? field.getAttribute('aria-label') ?? field.name ?? '';
  const label = clip(labelText, RECORDING_TEXT_MAX.label);
  return {
    kind: 'field',
    t,
    action,
    target: describeElement(field),
    ...(label ? { label } : {}),
    fieldType: /^[a-z-]{1,20}$/.test(fieldType) ? fieldType : 'text',
    ...(fieldType === 'password' && action === 'change' ? { value: PASSWORD_MASK } : {}),
  };
}

/** How far down the page the visitor has seen, in percent. */
export function scrollDepth(doc: Document): number {
  const win = doc.defaultView;
  const height = doc.documentElement.scrollHeight;
  if (!win || height <= 0) return 100;
  return Math.min(100, Math.round(((win.scrollY + win.innerHeight) / height) * 100));
}

/**
 * Records one page of a visit: the page's path, clicks, scroll depth and form-field interactions,
 * in batches to the recording. The server refusing the batch (recording full, expired or not this
 * visitor's) ends the recorder; a network failure only loses that batch.
 */
export function startSessionRecorder(deps: RecorderDeps): Recorder {
  const { doc, transport, now } = deps;
  const url = ENDPOINT.recordingEvents(deps.recordingId);
  let queue: RecordingEvent[] = [];
  let stopped = false;
  let deepest = -1;

  const push = (event: RecordingEvent) => {
    if (stopped) return;
    queue.push(event);
    if (queue.length >= RECORDING_BATCH_MAX) void flush();
  };
  const take = () => {
    const batch = queue.slice(0, RECORDING_BATCH_MAX);
    queue = queue.slice(RECORDING_BATCH_MAX);
    return JSON.stringify({ events: batch });
  };
  const flush = async (): Promise<void> => {
    while (queue.length > 0 && !stopped) {
      try {
        const { status } = await transport.post({ url, body: take(), contentType: JSON_CONTENT_TYPE });
        if (status >= 400 && status < 500) stop();
      } catch {
        // A lost batch is a gap in the timeline, never an error the visitor sees.
      }
    }
  };
  const flushOnHide = () => {
    while (queue.length > 0 && transport.beacon?.(url, take(), TEXT_CONTENT_TYPE)) {
      // Each beacon carries one batch; a refused one leaves the rest for the timer.
    }
  };

  const onClick = (e: Event) => {
    if (e.target instanceof Element) push(clickEvent(e.target, now()));
  };
  const onField = (action: 'focus' | 'change') => (e: Event) => {
    const field = e.target instanceof Element ? e.target.closest(FIELDS) : null;
    if (field) push(fieldEvent(field as HTMLInputElement, action, now()));
  };
  const onFocus = onField('focus');
  const onChange = onField('change');
  const onScroll = () => {
    const step = Math.floor(scrollDepth(doc) / SCROLL_STEP_PERCENT) * SCROLL_STEP_PERCENT;
    if (step > deepest) {
      deepest = step;
      push({ kind: 'scroll', t: now(), depth: step });
    }
  };
  const onPath = () => push({ kind: 'page', t: now(), path: doc.location.pathname || '/' });

  const win = doc.defaultView;
  doc.addEventListener('click', onClick, { capture: true, passive: true });
  doc.addEventListener('focusin', onFocus, { capture: true, passive: true });
  doc.addEventListener('change', onChange, { capture: true, passive: true });
  win?.addEventListener('scroll', onScroll, { passive: true });
  win?.addEventListener('popstate', onPath);
  win?.addEventListener('hashchange', onPath);
  const timer = setInterval(() => void flush(), RECORDING_FLUSH_MS);
  const stopHide = deps.lifecycle.onHidden(flushOnHide);
  onPath();
  onScroll();

  function stop() {
    if (stopped) return;
    stopped = true;
    queue = [];
    doc.removeEventListener('click', onClick, { capture: true });
    doc.removeEventListener('focusin', onFocus, { capture: true });
    doc.removeEventListener('change', onChange, { capture: true });
    win?.removeEventListener('scroll', onScroll);
    win?.removeEventListener('popstate', onPath);
    win?.removeEventListener('hashchange', onPath);
    clearInterval(timer);
    stopHide();
  }
  return { flush, stop };
}
