import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { options } from 'preact';
import { afterEach, vi } from 'vitest';

// A screen rendered in jsdom on a busy two-core machine can take many seconds to appear (its
// modules are transformed on first use; the wizard's first step took 11 s beside other work), so a
// screen is waited for up to 30 s, not the default one. A `findBy…` or `waitFor` ends as soon as
// its condition holds, so the room costs nothing when the machine is idle. One home: tests do not
// set shorter waits of their own.
configure({ asyncUtilTimeout: 30_000 });

// Testing Library moves a faked clock itself (between a user's events, and while waiting for the
// screen) only when it finds jest's; vitest's serves under that name, so a test on a clock of its
// own never waits on a timer no one advances.
Object.assign(globalThis, { jest: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) } });

// Preact runs a component's effects after the next frame: it asks for an animation frame and, in
// case none comes, sets a 100 ms timer that cancels the frame. On a busy machine that timer can
// fire after a test file's window has gone, where cancelling a frame throws. In tests the effects
// wait for a plain timer instead, which needs no window (and Testing Library's act() still runs
// them at once).
options.requestAnimationFrame = (callback) => setTimeout(callback);

// jsdom has the <dialog> element but not its modal methods: here they open and close it, as the
// browser does (without its top layer, which jsdom does not draw). Files tested outside jsdom have none.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      this.removeAttribute('open');
    },
  });
}

afterEach(() => {
  cleanup();
  // A test that put itself on a clock of its own leaves it with the test.
  vi.useRealTimers();
});
