import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * `app.quietMoment`: a slice of an admin's long work (an import) waits until no other request is
 * being served, for at most its longest wait.
 */
describe('a slice of background work and the requests being served', () => {
  let test: TestApp;
  let release = () => {};
  let heldEntered = false;
  let heldFinished = false;

  beforeAll(async () => {
    test = await buildTestApp({}, async (app) => {
      app.get('/test/held', { config: { access: 'visitor' } }, async () => {
        heldEntered = true;
        await new Promise<void>((resolve) => (release = resolve));
        heldFinished = true;
        return { ok: true };
      });
      app.get('/test/quiet', { config: { access: 'visitor' } }, async (request) => {
        await app.quietMoment(Number((request.query as { wait?: string }).wait));
        return { heldFinished };
      });
    });
  });
  afterAll(() => test.close());

  const holdOne = async () => {
    heldEntered = false;
    heldFinished = false;
    // `then` sends the request (an inject not yet awaited is only being described).
    const held = test.app.inject('/test/held').then((answer) => answer);
    while (!heldEntered) await nextTurn();
    // Wrapped: an async function's answer that is a promise would be awaited with it.
    return { held };
  };

  it('goes on at once when no other request is being served', async () => {
    const answer = await test.app.inject('/test/quiet?wait=600000');
    expect(answer.statusCode).toBe(200);
  });

  it('waits while another request is being served, and goes on once that one is answered', async () => {
    const { held } = await holdOne();
    let quietAnswered = false;
    const quiet = test.app.inject('/test/quiet?wait=600000').then((answer) => ((quietAnswered = true), answer));
    for (let turn = 0; turn < 200; turn += 1) await nextTurn();
    expect(quietAnswered).toBe(false);
    release();
    expect((await held).statusCode).toBe(200);
    expect((await quiet).json()).toEqual({ heldFinished: true });
  });

  it('goes on after its longest wait, even while another request is still being served', async () => {
    const { held } = await holdOne();
    const quiet = await test.app.inject('/test/quiet?wait=20');
    expect(quiet.json()).toEqual({ heldFinished: false });
    release();
    expect((await held).statusCode).toBe(200);
  });
});
