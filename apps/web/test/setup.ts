import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// A screen rendered in jsdom on a busy two-core machine can take seconds to appear; waiting
// longer than the default second keeps the tests about behaviour, not about the machine's load.
configure({ asyncUtilTimeout: 5000 });

// Testing Library moves a faked clock itself (between a user's events, and while waiting for the
// screen) only when it finds jest's; vitest's serves under that name, so a test on a clock of its
// own never waits on a timer no one advances.
Object.assign(globalThis, { jest: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) } });

afterEach(() => {
  cleanup();
  // A test that put itself on a clock of its own leaves it with the test.
  vi.useRealTimers();
});
