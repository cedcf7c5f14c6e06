import { afterEach, describe, expect, it } from 'vitest';
import { browserHistory, freshLocation, memoryHistory } from '../../../src/lib/router/history.ts';
import type { Location } from '../../../src/lib/router/paths.ts';

const place = (pathname: string, state: unknown = null) => freshLocation({ pathname, search: '', hash: '', state });

describe("the browser's history", () => {
  const unlisten: Array<() => void> = [];
  afterEach(() => unlisten.splice(0).forEach((stop) => stop()));

  it('starts at the address the page was opened on, as the first place', () => {
    window.history.replaceState(null, '', '/registration/student-data?from=mail');
    const history = browserHistory();
    expect(history.location).toMatchObject({ pathname: '/registration/student-data', search: '?from=mail', key: 'default', state: null });
  });

  it("writes each move to the browser's address, and hears the back button with how far it went, and the state handed on", async () => {
    window.history.replaceState(null, '', '/dashboard');
    const history = browserHistory();
    const heard: Array<[Location, number]> = [];
    unlisten.push(history.listen((location, delta) => heard.push([location, delta])));
    const snackbar = place('/registration/student-data', { snackbar: 'Password Changed Successfully.' });
    history.push(snackbar);
    history.push(place('/attendance'));
    history.replace(place('/term-reports'));
    expect(window.location.pathname).toBe('/term-reports');
    history.go(-1);
    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]).toEqual([{ ...snackbar }, -1]);
    expect(history.location.pathname).toBe('/registration/student-data');
    history.go(1);
    await expect.poll(() => heard.length).toBe(2);
    expect(heard[1][0].pathname).toBe('/term-reports');
    expect(heard[1][1]).toBe(1);
  });
});

describe('a history in memory', () => {
  it('starts at the last of its places, and moves no further than its ends', () => {
    const history = memoryHistory([place('/dashboard'), place('/attendance')]);
    const heard: number[] = [];
    history.listen((_, delta) => heard.push(delta));
    expect(history.location.pathname).toBe('/attendance');
    history.go(1);
    history.go(-5);
    expect(history.location.pathname).toBe('/dashboard');
    expect(history.location.key).toBe('default');
    expect(heard).toEqual([-1]);
  });

  it('drops the places ahead when it moves to a new one', () => {
    const history = memoryHistory([place('/dashboard'), place('/attendance')]);
    history.go(-1);
    history.push(place('/term-reports'));
    history.go(1);
    expect(history.location.pathname).toBe('/term-reports');
    history.go(-1);
    expect(history.location.pathname).toBe('/dashboard');
  });
});
