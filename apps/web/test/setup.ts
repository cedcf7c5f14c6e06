import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// A screen rendered in jsdom on a busy two-core machine can take seconds to appear; waiting up to
// ten (not the default one) keeps the tests about behaviour, not about the machine's load. A
// `findBy…` or `waitFor` ends as soon as its condition holds, so the room costs nothing when
// the machine is idle. One home: tests do not set shorter waits of their own.
configure({ asyncUtilTimeout: 10_000 });

// Testing Library moves a faked clock itself (between a user's events, and while waiting for the
// screen) only when it finds jest's; vitest's serves under that name, so a test on a clock of its
// own never waits on a timer no one advances.
Object.assign(globalThis, { jest: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) } });

afterEach(() => {
  cleanup();
  // A test that put itself on a clock of its own leaves it with the test.
  vi.useRealTimers();
});
