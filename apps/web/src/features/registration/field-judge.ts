import { useState } from 'react';
import { loadOnce } from '../../lib/load-once.ts';
import { useIdle } from '../../lib/use-idle.ts';
import type * as FieldSchemas from './field-schemas.ts';

type Judge = typeof FieldSchemas;

let judge: Judge | null = null;

const fetchJudge = loadOnce(() => import('./field-schemas.ts'));

/**
 * Fetches the contract's schemas that judge a value (issue 38): a step draws its fields, required
 * marks and sections without them, so a phone paints the step before the schema library arrives.
 * A failed fetch is tried again by the next caller.
 */
export function loadFieldJudge(): Promise<Judge> {
  return fetchJudge().then((module) => (judge = module));
}

/** The schemas, once fetched; null before. */
export const fieldJudge = (): Judge | null => judge;

/**
 * The schemas for a screen: null on its first paint, fetched once the browser is idle, then a
 * render with them, in a task after the one that evaluated them (two shorter tasks for a phone).
 */
export function useFieldJudge(): Judge | null {
  const [loaded, setLoaded] = useState(judge);
  useIdle(
    () =>
      void loadFieldJudge().then(
        (arrived) => void setTimeout(() => setLoaded(arrived), 0),
        () => undefined,
      ),
  );
  return loaded;
}
