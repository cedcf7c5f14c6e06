// Where a wizard step's main thread goes on the calibrated phone (issue 54, point 2): a Chromium
// trace of each step, cold and warm, with the long tasks listed and what runs in each.
import path from 'node:path';
import type { Browser } from '@playwright/test';
import type { BenchClient } from './http-client.ts';

/** One event of a Chromium trace, as far as this reads it. */
type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string; data?: Record<string, unknown> } };

/** A task of the main thread over 50 ms on the phone, and its time by what ran in it, the largest first. */
export type LongTask = { startMs: number; ms: number; parts: Array<{ what: string; ms: number }> };

/** The trace's categories: the renderer's tasks and what runs in them, and the first paint. */
const CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'loading', 'blink.user_timing'];

/** What a task did that no event of the trace names. */
const BROWSER = "the browser's own work";

/** A file's name from its address. */
const fileOf = (url: unknown) => (typeof url === 'string' && url ? path.basename(new URL(url, 'http://x').pathname) : '');

/**
 * What an event inside a task is, in words: a script's evaluation, its compilation, a callback of
 * a given kind (a timer, an idle callback, an animation frame, an event, promise callbacks), style
 * and layout, painting, garbage collection; null for an event that only wraps others.
 */
function whatRuns(event: TraceEvent): string | null {
  const data = event.args?.data ?? {};
  const file = fileOf(data.url);
  switch (event.name) {
    case 'EvaluateScript':
    case 'v8.evaluateModule':
      return `evaluating ${file || 'a module'}`;
    case 'v8.compile':
    case 'v8.compileModule':
    case 'v8.produceModuleCache':
      return 'compiling scripts';
    case 'FunctionCall':
      return file ? `running ${file}` : 'running scripts';
    case 'TimerFire':
      return 'a timer';
    case 'FireIdleCallback':
      return 'an idle callback';
    case 'FireAnimationFrame':
      return 'an animation frame';
    case 'RunMicrotasks':
      return 'promise callbacks';
    case 'EventDispatch':
      return `the ${String(data.type)} event`;
    case 'UpdateLayoutTree':
    case 'ParseAuthorStyleSheet':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'Paint':
    case 'PrePaint':
    case 'Layerize':
    case 'Commit':
    case 'UpdateLayer':
      return 'painting';
    case 'ParseHTML':
      return 'parsing HTML';
    case 'MinorGC':
    case 'MajorGC':
      return 'garbage collection';
    default:
      return null;
  }
}

/** The page's main thread: the renderer's main thread that ran the most. */
function mainThread(events: TraceEvent[]): TraceEvent[] {
  const threads = events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const ran = new Map<string, number>();
  for (const event of events) {
    if (event.name !== 'RunTask') continue;
    const key = `${event.pid}:${event.tid}`;
    ran.set(key, (ran.get(key) ?? 0) + (event.dur ?? 0));
  }
  const ranBy = (thread: TraceEvent) => ran.get(`${thread.pid}:${thread.tid}`) ?? 0;
  const busiest = threads.sort((a, b) => ranBy(b) - ranBy(a))[0];
  if (!busiest) return [];
  return events
    .filter((event) => event.pid === busiest.pid && event.tid === busiest.tid && event.ph === 'X')
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
}

/**
 * The long tasks of a trace (top-level tasks over 50 ms), each with its time given to what ran in
 * it: an event's own time (less its children's) goes to what it is, or to what the nearest event
 * around it is; time no event names is the browser's own work.
 */
export function longTasksOf(events: TraceEvent[], since: number): LongTask[] {
  const thread = mainThread(events);
  const tasks = thread.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) > 50_000);
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inside = thread.filter((event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end);
    const own = new Map<TraceEvent, number>(inside.map((event) => [event, event.dur ?? 0]));
    const label = new Map<TraceEvent, string>();
    let unnamed = task.dur ?? 0;
    const open: TraceEvent[] = [];
    for (const event of inside) {
      while (open.length > 0 && open[open.length - 1]!.ts + (open[open.length - 1]!.dur ?? 0) <= event.ts) open.pop();
      const parent = open[open.length - 1];
      if (parent) own.set(parent, own.get(parent)! - (event.dur ?? 0));
      else unnamed -= event.dur ?? 0;
      label.set(event, whatRuns(event) ?? (parent ? label.get(parent)! : BROWSER));
      open.push(event);
    }
    const parts = new Map<string, number>([[BROWSER, Math.max(0, unnamed)]]);
    for (const event of inside) parts.set(label.get(event)!, (parts.get(label.get(event)!) ?? 0) + Math.max(0, own.get(event)!));
    return {
      startMs: (task.ts - since) / 1000,
      ms: (task.dur ?? 0) / 1000,
      parts: [...parts.entries()]
        .map(([what, us]) => ({ what, ms: us / 1000 }))
        .filter((part) => part.ms >= 1)
        .sort((a, b) => b.ms - a.ms),
    };
  });
}

/**
 * Each route of `routes` opened on a phone-sized page signed in as `client`, with the processor
 * slowed `slowdown` times: first cold (a new browser context, nothing kept), then warm (the same
 * context once its service worker keeps the app), each traced until the page has settled. Prints
 * every long task and what ran in it.
 */
export async function traceSteps(browser: Browser, url: string, client: BenchClient, slowdown: number, routes: string[]): Promise<Map<string, LongTask[]>> {
  const host = new URL(url).hostname;
  const found = new Map<string, LongTask[]>();
  for (const route of routes) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    try {
      await context.addCookies(client.cookieList().map(([name, value]) => ({ name, value, domain: host, path: '/' })));
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      for (const warm of [false, true]) {
        if (warm) {
          // The service worker keeps the app once it is active and controls the page.
          await page.evaluate(async () => void (await navigator.serviceWorker.ready));
          await page.goto('about:blank');
        }
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
        await browser.startTracing(page, { categories: CATEGORIES });
        const started = Date.now();
        await page.goto(`${url}${route}`, { waitUntil: 'load' });
        await page.waitForLoadState('networkidle');
        // Settled: nothing asked of the main thread for two seconds of the phone's time.
        // (No named function inside: the page has none of the helpers the test runner's compiler adds.)
        await page.evaluate(
          (ms) =>
            new Promise<void>((resolve) => {
              const seen = { last: performance.now() };
              new PerformanceObserver((list) => {
                for (const entry of list.getEntries()) seen.last = Math.max(seen.last, entry.startTime + entry.duration);
              }).observe({ type: 'longtask', buffered: true });
              const timer = setInterval(() => {
                if (performance.now() - seen.last <= ms) return;
                clearInterval(timer);
                resolve();
              }, 250);
            }),
          2000,
        );
        const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        const navigation = trace.traceEvents.find(
          (event) => event.name === 'navigationStart' && (event.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL?.startsWith(url),
        );
        const tasks = longTasksOf(trace.traceEvents, navigation?.ts ?? trace.traceEvents.find((event) => event.name === 'RunTask')?.ts ?? 0);
        const name = `${route} ${warm ? 'warm' : 'cold'}`;
        found.set(name, tasks);
        const total = tasks.reduce((sum, task) => sum + task.ms, 0);
        console.log(`    ${name}: ${tasks.length} long tasks, ${total.toFixed(0)} ms in all (traced in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
        for (const task of tasks)
          console.log(
            `      at ${task.startMs.toFixed(0).padStart(5)} ms, ${task.ms.toFixed(0).padStart(4)} ms: ${task.parts.map((part) => `${part.what} ${part.ms.toFixed(0)}`).join(', ')}`,
          );
      }
    } finally {
      await context.close();
    }
  }
  return found;
}
