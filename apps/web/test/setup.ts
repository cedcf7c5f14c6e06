import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A screen rendered in jsdom on a busy two-core machine can take seconds to appear; waiting
// longer than the default second keeps the tests about behaviour, not about the machine's load.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
