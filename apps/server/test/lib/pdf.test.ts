import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import {
  CREST_IMAGE,
  dataTable,
  labelValueTable,
  MAX_PER_SESSION,
  MAX_STAFF_WAITING,
  MAX_WAITING,
  pageSizes,
  printerState,
  PrintingBusy,
  renderPdf,
  renderPdfStream,
  schoolDocument,
  StillPreparing,
  type Content,
  type PrintRequester,
} from '../../src/lib/pdf/index.ts';
import { pdfPageCount, pdfText } from '../helpers/pdf-text.ts';
import { childrenOf, statFields } from '../helpers/processes.ts';
import { describeWithoutDatabase } from '../helpers/test-db.ts';

const base = { schoolName: 'Test Girls College', title: 'Attendance Report', timeZone: 'America/Port_of_Spain' };
const count = (text: string, part: string) => text.split(part).length - 1;
/** The processes this one started: the printing process, once a document has started it. */
const childPids = () => childrenOf(process.pid);
const pdfOf = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describeWithoutDatabase('the PDF toolkit', () => {
  it('prints on letter paper unless a legal page is asked for', async () => {
    const letter = await renderPdf(schoolDocument({ ...base, content: ['One line.'] }));
    expect(letter.subarray(0, 5).toString()).toBe('%PDF-');
    expect(letter.toString('latin1')).toMatch(/\/MediaBox \[0 0 612 792\]/);
    const legal = await renderPdf(schoolDocument({ ...base, pageSize: pageSizes.registrationForm, content: ['One line.'] }));
    expect(legal.toString('latin1')).toMatch(/\/MediaBox \[0 0 612 1008\]/);
  });

  it('heads every page with the school and the title, and numbers the pages in the footer with the printed date in school time', async () => {
    const content: Content[] = Array.from({ length: 260 }, (_, index) => `Line ${index + 1} of the report.`);
    const pdf = await renderPdf(schoolDocument({ ...base, printedAt: new Date('2026-01-15T12:30:00Z'), footerNote: 'Form 2B', content }));
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(3);
    const text = pdfText(pdf);
    expect(count(text, 'Test Girls College')).toBe(pages);
    expect(count(text, 'Attendance Report')).toBe(pages);
    expect(text).toContain(`Page 1 of ${pages}`);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    // 12:30 UTC is 08:30 in Port of Spain (UTC−4).
    expect(count(text, 'Form 2B · Printed 2026-01-15 08:30')).toBe(pages);
  });

  it('embeds the school crest once, however many pages show it in their header', async () => {
    const content: Content[] = Array.from({ length: 260 }, (_, index) => `Line ${index + 1} of the report.`);
    const pdf = (await renderPdf(schoolDocument({ ...base, content }))).toString('latin1');
    const onePage = (await renderPdf(schoolDocument({ ...base, content: ['One line.'] }))).toString('latin1');
    expect(pdfPageCount(Buffer.from(pdf, 'latin1'))).toBeGreaterThanOrEqual(3);
    // The picture and its transparency mask, 200 pixels across, in the one-page and the long document alike.
    expect(count(onePage, '/Subtype /Image')).toBe(2);
    expect(count(pdf, '/Subtype /Image')).toBe(2);
    expect(count(pdf, '/Width 200')).toBe(2);
  });

  it('repeats a data table’s header row on every page it runs onto, and prints a dash for a missing value', async () => {
    const rows = Array.from({ length: 120 }, (_, index) => [`2026-01-${String((index % 28) + 1).padStart(2, '0')}`, index % 5 === 0 ? null : 'Present', index]);
    const pdf = await renderPdf(
      schoolDocument({
        ...base,
        content: [dataTable([{ header: 'Date Scanned' }, { header: 'Morning' }, { header: 'Row', alignment: 'right', width: 40 }], rows)],
      }),
    );
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(2);
    const text = pdfText(pdf);
    expect(count(text, 'Date Scanned')).toBe(pages);
    expect(text).toContain('—');
  });

  it('lays out label and value pairs two to a row under their title', async () => {
    const pdf = await renderPdf(
      schoolDocument({
        ...base,
        content: labelValueTable('Contact', [
          ['Home Address', '14 Coffee Street'],
          ['Town', 'San Fernando'],
          ['Home Phone', null],
        ]),
      }),
    );
    const text = pdfText(pdf);
    for (const expected of ['Contact', 'Home Address', '14 Coffee Street', 'Town', 'San Fernando', 'Home Phone', '—']) expect(text).toContain(expected);
  });

  it('streams the same document it renders to a buffer', async () => {
    const definition = () => schoolDocument({ ...base, printedAt: new Date('2026-01-15T12:30:00Z'), content: ['Streamed.'] });
    const streamed = await pdfOf(renderPdfStream(definition()));
    expect(streamed.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(streamed)).toBe(pdfText(await renderPdf(definition())));
  });

  it('prints in a process of its own: the event loop goes on answering while a long document is laid out', async () => {
    const rows = Array.from({ length: 1500 }, (_, index) => [`S${index}`, `Student ${index}`, 'Done', 'Birth Certificate, Immunization Card']);
    const definition = schoolDocument({ ...base, content: [dataTable([{ header: 'ID' }, { header: 'Name' }, { header: 'Step' }, { header: 'Owed' }], rows)] });
    let longestPause = 0;
    let last = performance.now();
    let printing = true;
    const beat = () => {
      const now = performance.now();
      longestPause = Math.max(longestPause, now - last);
      last = now;
      if (printing) setImmediate(beat);
    };
    const started = performance.now();
    setImmediate(beat);
    const pdf = await renderPdf(definition).finally(() => (printing = false));
    const took = performance.now() - started;
    expect(pdfPageCount(pdf)).toBeGreaterThan(20);
    // Laid out on the event loop, the document would hold it for nearly all of that time.
    expect(longestPause).toBeLessThan(took / 4);
    // The printing process runs on spare processor time only, so a busy machine makes it slow.
  }, 120_000);

  it.runIf(process.platform === 'linux')(
    'prints in a process whose every thread is in the idle scheduling class, so any other thread that wakes takes the processor from it at once',
    async () => {
      await renderPdf(schoolDocument({ ...base, content: ['Printed on spare time.'] }));
      const SCHED_IDLE = 5;
      const printers = childPids();
      expect(printers).toHaveLength(1);
      const policies = fs.readdirSync(`/proc/${printers[0]}/task`).map((task) => Number(statFields(`/proc/${printers[0]}/task/${task}/stat`)?.[38]));
      expect(policies.length).toBeGreaterThan(1);
      expect(policies.every((policy) => policy === SCHED_IDLE)).toBe(true);
      // The server's own threads keep the normal class.
      expect(Number(statFields('/proc/thread-self/stat')?.[38])).toBe(0);
    },
  );

  it.runIf(process.platform === 'linux')('starts a new printing process when the last one dies, and fails only the document it was printing', async () => {
    const long = renderPdf(schoolDocument({ ...base, content: Array.from({ length: 3000 }, (_, index) => `Long line ${index + 1}.`) }));
    const next = renderPdf(schoolDocument({ ...base, content: ['After the lost one.'] }));
    while (!printerState().printing) await new Promise((resolve) => setTimeout(resolve, 10));
    const [printer] = childPids();
    process.kill(Number(printer), 'SIGKILL');
    await expect(long).rejects.toThrow('The printing process stopped (SIGKILL).');
    expect(pdfText(await next)).toContain('After the lost one.');
  });

  it('fails a document that cannot be printed by itself, and prints the next', async () => {
    const broken = renderPdf(schoolDocument({ ...base, content: [{ image: 'no-such-picture' }] }));
    const next = renderPdf(schoolDocument({ ...base, content: ['After the broken one.'] }));
    await expect(broken).rejects.toThrow(/image/i);
    expect(pdfText(await next)).toContain('After the broken one.');
  });

  it.runIf(process.platform === 'linux')(
    'finishes the document in print when a stop signal reaches every process of the server, as Ctrl-C or a service manager sends it',
    async () => {
      const long = renderPdf(schoolDocument({ ...base, content: Array.from({ length: 3000 }, (_, index) => `Stopping line ${index + 1}.`) }));
      while (!printerState().printing) await new Promise((resolve) => setTimeout(resolve, 10));
      const [printer] = childPids();
      process.kill(Number(printer), 'SIGINT');
      process.kill(Number(printer), 'SIGTERM');
      expect(pdfText(await long)).toContain('Stopping line 3000.');
    },
  );

  it('keeps each document’s bytes apart when several are asked for at once', async () => {
    const long = (name: string) => Array.from({ length: 400 }, (_, index) => `${name} line ${index + 1}.`);
    const names = ['Amber', 'Beryl', 'Coral'];
    const pdfs = await Promise.all(names.map((name) => renderPdf(schoolDocument({ ...base, content: long(name) }))));
    pdfs.forEach((pdf, index) => {
      const text = pdfText(pdf);
      expect(text).toContain(`${names[index]} line 400.`);
      for (const other of names.filter((_, at) => at !== index)) expect(text).not.toContain(other);
    });
  });

  it('drops a document whose request has gone before its turn, unprinted, and prints the next', async () => {
    const long = renderPdf(schoolDocument({ ...base, content: Array.from({ length: 1500 }, (_, index) => `Long line ${index + 1}.`) }));
    const abandoned = renderPdfStream(schoolDocument({ ...base, content: ['Nobody waits for this one.'] }));
    abandoned.destroy();
    const next = renderPdf(schoolDocument({ ...base, content: ['After the abandoned one.'] }));
    expect(printerState().waiting).toBe(3);
    await long;
    // The long one's end sent the next document to the printing process: the one still wanted, not the abandoned one.
    expect(printerState()).toEqual({ waiting: 0, printing: true });
    expect(pdfText(await next)).toContain('After the abandoned one.');
    expect(printerState().waiting).toBe(0);
  });

  it('refuses a document at once (503) while the most it holds wait, and takes them again once they are done', async () => {
    const document = (line: string) => schoolDocument({ ...base, content: [line] });
    const asked = Array.from({ length: MAX_WAITING }, (_, index) => renderPdfStream(document(`Waiting ${index + 1}.`)));
    expect(() => renderPdfStream(document('One too many.'))).toThrow(PrintingBusy);
    await expect(renderPdf(document('One too many.'))).rejects.toMatchObject({ statusCode: 503 });
    // Their requests gone, the waiting documents are dropped and the printer takes documents again.
    for (const output of asked.slice(1)) output.destroy();
    const first = await pdfOf(asked[0]);
    expect(pdfText(first)).toContain('Waiting 1.');
    expect(pdfText(await renderPdf(document('Taken again.')))).toContain('Taken again.');
    expect(printerState().waiting).toBe(0);
  });

  it('holds at most two documents of one session in the printer, refusing the next with 429 until one is done, whatever other sessions ask', async () => {
    const student: PrintRequester = { session: 'session-of-amber', staff: false };
    const document = (line: string) => schoolDocument({ ...base, content: [line] });
    const asked = Array.from({ length: MAX_PER_SESSION }, (_, index) => renderPdf(document(`Amber ${index + 1}.`), student));
    expect(MAX_PER_SESSION).toBe(2);
    expect(() => renderPdfStream(document('Amber again.'), student)).toThrow(StillPreparing);
    await expect(renderPdf(document('Amber again.'), student)).rejects.toMatchObject({
      statusCode: 429,
      message: expect.stringContaining('Your document is still being prepared'),
    });
    // Another student, and the same student's documents once printed, are taken.
    expect(pdfText(await renderPdf(document('Beryl.'), { session: 'session-of-beryl', staff: false }))).toContain('Beryl.');
    expect((await Promise.all(asked)).map(pdfText).join(' ')).toContain('Amber 2.');
    expect(pdfText(await renderPdf(document('Amber later.'), student))).toContain('Amber later.');
    // A document whose request has gone gives its place back.
    const abandoned = renderPdfStream(document('Gone.'), student);
    const kept = renderPdf(document('Kept.'), student);
    abandoned.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(pdfText(await renderPdf(document('After the gone one.'), student))).toContain('After the gone one.');
    await kept;
  });

  it('prints a staff document before every student document waiting, in places of its own that students cannot fill', async () => {
    const document = (line: string) => schoolDocument({ ...base, content: [line] });
    const finished: string[] = [];
    const track = (name: string, pdf: Promise<Buffer>) => pdf.then(() => finished.push(name));
    const long = track('long', renderPdf(schoolDocument({ ...base, content: Array.from({ length: 1500 }, (_, index) => `Long line ${index + 1}.`) })));
    while (!printerState().printing) await new Promise((resolve) => setTimeout(resolve, 10));
    // Every student place taken, by as many sessions.
    const students = Array.from({ length: MAX_WAITING }, (_, index) =>
      track(`student ${index + 1}`, renderPdf(document(`Student ${index + 1}.`), { session: `student-${index + 1}`, staff: false })),
    );
    expect(() => renderPdfStream(document('One student too many.'), { session: 'student-late', staff: false })).toThrow(PrintingBusy);
    const staff = track('staff', renderPdf(document('The office.'), { session: 'office', staff: true }));
    await Promise.all([long, staff, ...students]);
    expect(finished.slice(0, 3)).toEqual(['long', 'staff', 'student 1']);
    expect(MAX_STAFF_WAITING).toBeGreaterThan(0);
  });

  it.runIf(process.platform === 'linux')(
    'answers 503 "restarting" for every document when the server stops: those waiting at once, the one in print if it is not done in time, and the printing process ends with no error',
    { timeout: 120_000 },
    () => {
      const script = [
        "import { printerState, renderPdf, schoolDocument, stopPrinting } from './apps/server/src/lib/pdf/index.ts';",
        "import { childrenOf, commandOf } from './apps/server/test/helpers/processes.ts';",
        "const base = { schoolName: 'S', title: 'T', timeZone: 'UTC' };",
        "const outcome = (pdf) => pdf.then(() => 'printed', (error) => `${error.statusCode} ${error.message}`);",
        'const long = outcome(renderPdf(schoolDocument({ ...base, content: Array.from({ length: 30000 }, (_, index) => `Line ${index + 1}.`) })));',
        "const waiting = outcome(renderPdf(schoolDocument({ ...base, content: ['Waiting.'] })));",
        'while (!printerState().printing) await new Promise((resolve) => setTimeout(resolve, 10));',
        // Only the printing process: the TypeScript loader may have a process of its own under this one.
        "const printers = childrenOf(process.pid).filter((pid) => commandOf(pid).includes('printing-process'));",
        'stopPrinting(300);',
        "const later = await outcome(renderPdf(schoolDocument({ ...base, content: ['Asked while stopping.'] })));",
        'console.log(JSON.stringify({ long: await long, waiting: await waiting, later, printers }));',
      ].join('\n');
      const root = path.resolve(import.meta.dirname, '../../../..');
      // Roomy: loading the TypeScript and the PDF library takes a busy machine a while; the stop itself is timed inside.
      const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', timeout: 100_000 });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const { long, waiting, later, printers } = JSON.parse(run.stdout) as Record<string, string> & { printers: number[] };
      const restarting = '503 The portal is restarting — try again in a moment.';
      expect({ long, waiting, later }).toEqual({ long: restarting, waiting: restarting, later: restarting });
      // The printing process went with the document nobody will read, not left to finish it.
      expect(printers).toHaveLength(1);
      expect(fs.existsSync(`/proc/${printers[0]}`)).toBe(false);
    },
  );

  it('lets the server end as soon as its documents are printed: an idle printing process holds nothing open', { timeout: 120_000 }, async () => {
    const script = [
      "import { renderPdf, schoolDocument } from './apps/server/src/lib/pdf/index.ts';",
      "const pdf = await renderPdf(schoolDocument({ schoolName: 'S', title: 'T', timeZone: 'UTC', content: ['Printed.'] }));",
      'console.log(pdf.subarray(0, 5).toString());',
    ].join('\n');
    const root = path.resolve(import.meta.dirname, '../../../..');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root });
    let stdout = '';
    let printedAt = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      printedAt ||= performance.now();
    });
    // Loading takes a busy machine a while, so a roomy deadline for the whole run; but once the
    // document is printed the process must end well before the idle printing process would be
    // stopped (15 seconds): held open, the server would wait for that.
    const deadline = setTimeout(() => child.kill('SIGKILL'), 100_000);
    const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
    clearTimeout(deadline);
    expect(signal).toBeNull();
    expect(code).toBe(0);
    expect(stdout.trim()).toBe('%PDF-');
    expect(performance.now() - printedAt).toBeLessThan(10_000);
  });

  it('puts the school crest in the header', () => {
    const header = schoolDocument({ ...base, content: [] }).header as (
      page: number,
      pages: number,
    ) => { stack: Array<{ columns?: Array<{ image?: string }> }> };
    expect(header(1, 1).stack[0].columns?.[0].image).toBe(CREST_IMAGE);
  });
});
