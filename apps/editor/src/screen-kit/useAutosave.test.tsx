import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/http';
import { useAutosave, type Autosave, type AutosaveOptions } from './useAutosave';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Draft {
  text: string;
}
type Result = { version: number };

/** A save the test answers by hand: each call waits until resolved or refused. */
function manualSave() {
  const calls: {
    draft: Draft;
    version: number;
    resolve: (r: Result) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const save = vi.fn(
    (draft: Draft, version: number) =>
      new Promise<Result>((resolve, reject) => calls.push({ draft, version, resolve, reject })),
  );
  return { save, calls };
}

let root: Root | undefined;
let current: Autosave<Draft>;
let edit: (text: string) => void;

async function mount(
  save: (d: Draft, v: number) => Promise<Result>,
  options?: AutosaveOptions<Draft, Result>,
) {
  function Harness() {
    const [draft, setDraft] = useState<Draft>({ text: 'start' });
    current = useAutosave(draft, 1, save, options);
    edit = (text) => setDraft({ text });
    return null;
  }
  await act(async () => {
    root = createRoot(document.createElement('div'));
    root.render(<Harness />);
  });
}

const type = (text: string) => act(async () => edit(text));
const wait = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));
const settle = (fn: () => void) => act(async () => fn());
const stale = () => new ApiError(409, 'STALE_VERSION', 'Someone else saved first.');
const invalid = () => new ApiError(400, 'VALIDATION', 'Too long.');

beforeEach(() => vi.useFakeTimers());
afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  vi.useRealTimers();
});

describe('useAutosave', () => {
  it('saves 1.2 s after the last change, with the version it was based on, then the next version', async () => {
    const { save, calls } = manualSave();
    await mount(save);
    expect(current.state).toEqual({ kind: 'saved' });
    await type('a');
    await wait(1000);
    await type('ab');
    await wait(1000);
    expect(save).not.toHaveBeenCalled();
    expect(current.state).toEqual({ kind: 'dirty' });
    await wait(200);
    expect(calls.map((c) => [c.draft.text, c.version])).toEqual([['ab', 1]]);
    expect(current.state).toEqual({ kind: 'saving' });
    await settle(() => calls[0]!.resolve({ version: 2 }));
    expect(current.state).toEqual({ kind: 'saved' });
    expect([current.isDirty, current.version, current.latestVersion()]).toEqual([false, 2, 2]);
    await type('abc');
    await wait(1200);
    expect(calls.map((c) => [c.draft.text, c.version])).toEqual([
      ['ab', 1],
      ['abc', 2],
    ]);
  });

  it('runs one save at a time and saves edits made during it right after', async () => {
    const { save, calls } = manualSave();
    await mount(save);
    await type('one');
    await wait(1200);
    await type('two');
    await wait(1200);
    expect(calls).toHaveLength(1);
    await settle(() => calls[0]!.resolve({ version: 2 }));
    expect(current.state).toEqual({ kind: 'saving' });
    expect(calls.map((c) => [c.draft.text, c.version])).toEqual([
      ['one', 1],
      ['two', 2],
    ]);
  });

  it('sends a refused draft again once it changes, but waits after a conflict', async () => {
    const { save, calls } = manualSave();
    await mount(save);
    await type('too long');
    await wait(1200);
    await settle(() => calls[0]!.reject(invalid()));
    expect(current.state).toEqual({ kind: 'failed', message: 'Too long.' });
    await type('short');
    await wait(1200);
    expect(calls).toHaveLength(2);
    await settle(() => calls[1]!.reject(stale()));
    expect(current.stale).toBe(true);
    await type('shorter');
    await wait(5000);
    expect(calls).toHaveLength(2);
    expect(current.isDirty).toBe(true);
  });

  it('holds after any refusal when asked, until a save by hand', async () => {
    const { save, calls } = manualSave();
    await mount(save, { holdAfterRefusal: true, failureMessage: () => 'Fix the text.' });
    await type('too long');
    await wait(1200);
    await settle(() => calls[0]!.reject(invalid()));
    expect(current.state).toEqual({ kind: 'failed', message: 'Fix the text.' });
    await type('short');
    await wait(5000);
    expect(calls).toHaveLength(1);
    let flushed: Promise<boolean> | undefined;
    await act(async () => void (flushed = current.flush()));
    expect(current.error).toBeNull();
    await settle(() => calls[1]!.resolve({ version: 2 }));
    expect(await flushed).toBe(true);
    expect(calls.map((c) => c.draft.text)).toEqual(['too long', 'short']);
  });

  it('tells onSaved what the server acknowledged, and saves nothing while disabled', async () => {
    const { save, calls } = manualSave();
    const onSaved = vi.fn();
    await mount(save, { onSaved, enabled: true });
    await type('kept');
    await wait(1200);
    await settle(() => calls[0]!.resolve({ version: 7 }));
    expect(onSaved).toHaveBeenCalledWith({ version: 7 }, { text: 'kept' });
    await act(async () => root?.unmount());
    await mount(save, { enabled: false });
    await type('never');
    await wait(5000);
    expect(calls).toHaveLength(1);
  });

  it('takes a restored value and version as its base', async () => {
    const { save, calls } = manualSave();
    await mount(save);
    await act(async () => current.rebase({ text: 'restored' }, 9));
    expect([current.version, current.saved]).toEqual([9, { text: 'restored' }]);
    await type('restored, then edited');
    await wait(1200);
    expect(calls.map((c) => [c.draft.text, c.version])).toEqual([['restored, then edited', 9]]);
  });

  it('saves what is waiting when the screen goes, when it guards leaving', async () => {
    const { save, calls } = manualSave();
    await mount(save, { guardLeaving: true });
    await type('last words');
    await act(async () => root?.unmount());
    root = undefined;
    expect(calls.map((c) => c.draft.text)).toEqual(['last words']);
  });
});
