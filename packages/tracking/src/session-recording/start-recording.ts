import { AUTOMATED_RECORDING_ID, ENDPOINT, EXPERIMENT_OVERRIDE_PARAM } from '../constants';
import type { PageLifecycle } from '../page-lifecycle/page-lifecycle';
import type { Transport } from '../runtime/transport';
import { waitForDomSettle, type DomSettleOptions } from './dom-settle';
import { enoughCores } from './gate';
import { RECORDING_ID_PATTERN } from './payloads';
import { startSessionRecorder, type Recorder } from './recorder';

export interface VisitorRecordingDeps {
  /** The owner's switch, from the page context. */
  enabled: boolean;
  /** navigator.hardwareConcurrency. */
  cores: number | undefined;
  doc: Document;
  transport: Transport;
  lifecycle: PageLifecycle;
  now: () => number;
  /** GET returning parsed JSON; defaults to fetch with the visitor's cookies. */
  getJson?: (url: string) => Promise<unknown>;
  settle?: DomSettleOptions;
}

const fetchJson = async (url: string): Promise<unknown> => {
  const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!response.ok) return undefined;
  return response.json();
};

/** The id request: the device's cores and any experiment overrides of the page's address. */
export function recordingIdUrl(cores: number, search: string): string {
  const query = new URLSearchParams({ cores: String(cores) });
  for (const override of new URLSearchParams(search).getAll(EXPERIMENT_OVERRIDE_PARAM).slice(0, 10))
    query.append(EXPERIMENT_OVERRIDE_PARAM, override);
  return `${ENDPOINT.recordingId}?${query}`;
}

/**
 * Starts the visitor recorder when this visit is to be recorded. The parts of the gate the browser
 * knows (the owner's switch, more than 2 cores) are checked before asking for an id, so most
 * visitors cost no request; the server checks the rest (country, experiment variant) and answers
 * `automated-mock-id` when the visit is not to be recorded, which is ignored (platform.md §7).
 * The recorder starts once the DOM has settled. Resolves undefined when nothing is recorded.
 */
export async function startVisitorRecording(deps: VisitorRecordingDeps): Promise<Recorder | undefined> {
  if (!deps.enabled || !enoughCores(deps.cores)) return undefined;
  let id: unknown;
  try {
    id = await (deps.getJson ?? fetchJson)(recordingIdUrl(deps.cores!, deps.doc.location.search));
  } catch {
    return undefined;
  }
  // A regular expression rather than the schema: the browser path stays free of zod (README).
  if (typeof id !== 'string' || id === AUTOMATED_RECORDING_ID || !RECORDING_ID_PATTERN.test(id))
    return undefined;
  await waitForDomSettle(deps.doc.body ?? deps.doc.documentElement, deps.settle);
  return startSessionRecorder({
    recordingId: id,
    doc: deps.doc,
    transport: deps.transport,
    lifecycle: deps.lifecycle,
    now: deps.now,
  });
}
