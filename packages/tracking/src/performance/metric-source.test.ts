import { describe, expect, it } from 'vitest';
import { observeFirstInput, type MeasuredMetric } from './metric-source';

class FakeObserver {
  static supportedEntryTypes = ['first-input'];
  static last: FakeObserver | undefined;
  observed: unknown;
  disconnected = false;
  constructor(private readonly callback: (list: { getEntries(): unknown[] }) => void) {
    FakeObserver.last = this;
  }
  observe(options: unknown) {
    this.observed = options;
  }
  disconnect() {
    this.disconnected = true;
  }
  emit(entries: unknown[]) {
    this.callback({ getEntries: () => entries });
  }
}

describe('observeFirstInput', () => {
  it('reports FID once as processingStart minus startTime from the buffered entry', () => {
    const seen: MeasuredMetric[] = [];
    observeFirstInput((m) => seen.push(m), FakeObserver as unknown as typeof PerformanceObserver);
    const observer = FakeObserver.last!;
    expect(observer.observed).toEqual({ type: 'first-input', buffered: true });
    observer.emit([{ startTime: 1000.25, processingStart: 1042.25 }]);
    observer.emit([{ startTime: 2000, processingStart: 2500 }]);
    expect(seen).toEqual([{ name: 'FID', value: 42, id: 'fid-1000' }]);
    expect(observer.disconnected).toBe(true);
  });

  it('does nothing where first-input is not supported', () => {
    class Unsupported extends FakeObserver {
      static override supportedEntryTypes: string[] = [];
    }
    FakeObserver.last = undefined;
    observeFirstInput(() => undefined, Unsupported as unknown as typeof PerformanceObserver);
    expect(FakeObserver.last).toBeUndefined();
    observeFirstInput(() => undefined, undefined);
  });
});
