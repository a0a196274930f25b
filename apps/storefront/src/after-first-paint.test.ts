import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-first-paint';

/** Holds the page's animation-frame callbacks so the test decides when a frame is drawn. */
function holdFrames() {
  const frames: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  return () => frames.splice(0).forEach((callback) => callback(performance.now()));
}

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('afterFirstPaint', () => {
  it('starts in the frame after the first one, never before the page is painted', () => {
    const drawFrame = holdFrames();
    const start = vi.fn();
    afterFirstPaint(start);
    expect(start).not.toHaveBeenCalled();
    drawFrame(); // the first frame: the server-rendered page is painted
    expect(start).not.toHaveBeenCalled();
    drawFrame();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once on a hidden page, which runs no frames until it is shown', () => {
    holdFrames();
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    const start = vi.fn();
    afterFirstPaint(start);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
