import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdleAfterPaint } from '../../src/lib/use-idle.ts';

/** The browser's frame and idle callbacks, run when the test says. */
function fakeBrowser() {
  const frames: Array<() => void> = [];
  const idles: Array<() => void> = [];
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', (handle: number) => (frames[handle - 1] = () => undefined));
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idles.push(callback));
  vi.stubGlobal('cancelIdleCallback', (handle: number) => (idles[handle - 1] = () => undefined));
  return { paint: () => frames.splice(0).forEach((run) => run()), idle: () => idles.splice(0).forEach((run) => run()) };
}

afterEach(() => vi.unstubAllGlobals());

describe('waiting for the screen to be painted and the browser idle', () => {
  it('waits until the next frame is on the screen, then for an idle moment after it: one before does not count', () => {
    const browser = fakeBrowser();
    const done = vi.fn();
    whenIdleAfterPaint(done);
    browser.idle();
    browser.paint();
    // An idle moment while the next frame is still being painted does not count either.
    browser.idle();
    expect(done).not.toHaveBeenCalled();
    browser.paint();
    expect(done).not.toHaveBeenCalled();
    browser.idle();
    expect(done).toHaveBeenCalledOnce();
  });

  it('does nothing once cancelled, before the frame or after it', () => {
    const browser = fakeBrowser();
    const beforeFrame = vi.fn();
    whenIdleAfterPaint(beforeFrame)();
    const afterFrame = vi.fn();
    const cancel = whenIdleAfterPaint(afterFrame);
    browser.paint();
    browser.paint();
    cancel();
    browser.paint();
    browser.idle();
    expect(beforeFrame).not.toHaveBeenCalled();
    expect(afterFrame).not.toHaveBeenCalled();
  });
});
