import type { PageLifecycle } from '../page-lifecycle/page-lifecycle';

export interface FakeLifecycle extends PageLifecycle {
  load(): void;
  hide(): void;
}

/** Lets tests fire load and hide at chosen instants. */
export function createFakeLifecycle(): FakeLifecycle {
  let loaded = false;
  const loadCallbacks = new Set<() => void>();
  const hiddenCallbacks = new Set<() => void>();
  return {
    onLoad(callback) {
      if (loaded) callback();
      else loadCallbacks.add(callback);
      return () => loadCallbacks.delete(callback);
    },
    onHidden(callback) {
      hiddenCallbacks.add(callback);
      return () => hiddenCallbacks.delete(callback);
    },
    load() {
      loaded = true;
      for (const cb of loadCallbacks) cb();
      loadCallbacks.clear();
    },
    hide() {
      for (const cb of hiddenCallbacks) cb();
    },
  };
}
