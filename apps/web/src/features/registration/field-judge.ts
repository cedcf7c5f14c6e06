import type { FieldDef } from '@school/contract';
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

/** Each field whose schema has been built this visit: a screen that judges only those needs no building first. */
const built = new Set<FieldDef>();

/** What runs after this resolves is a task of its own. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The schemas for a screen that judges the values of `fields`: null on its first paint; fetched
 * once the browser is idle, then each field's schema built in a task of its own, then a render
 * with them. Building every field's schema at once was one long task on a phone (issue 54); one
 * at a time, the phone stays free to answer a tap between them.
 */
export function useFieldJudge(fields: readonly FieldDef[]): Judge | null {
  const [ready, setReady] = useState(() => (judge && fields.every((field) => built.has(field)) ? judge : null));
  useIdle(() => {
    if (ready) return;
    void loadFieldJudge().then(
      async (arrived) => {
        for (const field of fields) {
          if (built.has(field)) continue;
          await nextTask();
          arrived.fieldSchema(field);
          built.add(field);
        }
        await nextTask();
        setReady(arrived);
      },
      () => undefined,
    );
  });
  return ready;
}
