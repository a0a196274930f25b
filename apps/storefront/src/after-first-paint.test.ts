import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-first-paint';

/** Holds the page's animation-frame callbacks so the test decides when a frame is drawn. */
function holdFrames() {
  const frames: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  return () => frames.splice(0).forEach((callback) => callback(performance.now()));
}

/** A browser that reports paints: the test decides when the first paint entry arrives. */
function reportPaints() {
  const observers: { callback: PerformanceObserverCallback; observer: PerformanceObserver }[] = [];
  const disconnect = vi.fn();
  class FakeObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    constructor(callback: PerformanceObserverCallback) {
      observers.push({ callback, observer: this as unknown as PerformanceObserver });
    }
    observe = vi.fn();
    disconnect = disconnect;
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  const paint = () =>
    observers.forEach(({ callback, observer }) => callback({} as PerformanceObserverEntryList, observer));
  return { paint, disconnect };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('afterFirstPaint', () => {
  it('starts when the browser reports the first paint, not before', () => {
    vi.useFakeTimers();
    const { paint, disconnect } = reportPaints();
    const start = vi.fn();
    afterFirstPaint(start);
    expect(start).not.toHaveBeenCalled();
    paint();
    expect(start).toHaveBeenCalledTimes(1);
    expect(disconnect).toHaveBeenCalled();
    vi.advanceTimersByTime(10_000); // the no-paint fallback does not start it twice
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts after 5 s on a page that reports no paint', () => {
    vi.useFakeTimers();
    reportPaints();
    const start = vi.fn();
    afterFirstPaint(start);
    vi.advanceTimersByTime(4999);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('without paint entries, starts in the frame after the first one', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const drawFrame = holdFrames();
    const start = vi.fn();
    afterFirstPaint(start);
    expect(start).not.toHaveBeenCalled();
    drawFrame(); // the first frame: the server-rendered page is painted
    expect(start).not.toHaveBeenCalled();
    drawFrame();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once on a hidden page, which paints nothing until it is shown', () => {
    reportPaints();
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    const start = vi.fn();
    afterFirstPaint(start);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
