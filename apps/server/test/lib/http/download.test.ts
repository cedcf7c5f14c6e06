import fc from 'fast-check';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contentDisposition, sendDownload, type Disposition } from '../../../src/lib/http/download.ts';
import { describeWithoutDatabase } from '../../helpers/test-db.ts';

/** The two names of a header: the quoted ASCII fallback and the decoded UTF-8 name. */
function namesOf(header: string): { disposition: string; fallback: string; exact: string } {
  const match = /^(inline|attachment); filename="([^"\\]*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]*)$/.exec(header);
  if (!match) throw new Error(`not an RFC 6266 header: ${JSON.stringify(header)}`);
  return { disposition: match[1], fallback: match[2], exact: decodeURIComponent(match[3]) };
}

const hostileNames = [
  'a"b.pdf',
  'back\\slash.pdf',
  'x.pdf\r\nSet-Cookie: session=stolen',
  'line\nbreak.pdf',
  '../../etc/passwd',
  '..\\..\\boot.ini',
  '%41%42.pdf',
  "it's (1) * 2.pdf",
  'name.pdf; filename=evil.exe',
  'nul\u0000byte.pdf',
  'tab\tand\u007fdel.pdf',
  '\ud800lone.pdf',
  'Zoë Sánchez – report.pdf',
  'ملف.pdf',
  '😀.pdf',
  '',
  '   ',
];

describeWithoutDatabase('Content-Disposition (RFC 6266)', () => {
  it('gives a plain name as it is, twice', () => {
    expect(contentDisposition('attachment', 'Parents Contact 1A.xlsx')).toBe(
      `attachment; filename="Parents Contact 1A.xlsx"; filename*=UTF-8''Parents%20Contact%201A.xlsx`,
    );
    expect(contentDisposition('inline', 'report-card-20260001-2025-term-2.pdf')).toBe(
      `inline; filename="report-card-20260001-2025-term-2.pdf"; filename*=UTF-8''report-card-20260001-2025-term-2.pdf`,
    );
  });

  it('keeps an accented name exact in UTF-8 and readable in the ASCII fallback', () => {
    expect(namesOf(contentDisposition('inline', 'Zoë Sánchez – report.pdf'))).toEqual({
      disposition: 'inline',
      fallback: 'Zoe Sanchez _ report.pdf',
      exact: 'Zoë Sánchez – report.pdf',
    });
  });

  it.each(hostileNames)('makes %j a header that cannot be split, end its quotes early or name a folder', (name) => {
    const header = contentDisposition('attachment', name);
    expect(header).not.toMatch(/[\r\n\0]/);
    const { fallback, exact } = namesOf(header);
    expect(fallback).toMatch(/^[\x20-\x7e]+$/);
    expect(fallback).not.toMatch(/["\\/%]/);
    expect(exact).toBe(name.trim() === '' ? 'download' : name.trim().replace(/\ud800/, '\ufffd'));
  });

  it('holds for any name at all', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.constantFrom<Disposition>('inline', 'attachment'), (name, disposition) => {
        const names = namesOf(contentDisposition(disposition, name));
        expect(names.disposition).toBe(disposition);
        expect(names.fallback).not.toMatch(/["\\/%]|[^\x20-\x7e]/);
        expect(names.exact.length).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
  });
});

describeWithoutDatabase('sendDownload', () => {
  const app = Fastify();
  beforeAll(async () => {
    app.get<{ Querystring: { name: string } }>('/file', async (request, reply) =>
      sendDownload(reply, { body: Buffer.from('%PDF-1.7'), type: 'application/pdf', name: request.query.name, disposition: 'inline', size: 8 }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(hostileNames)('sends the file named %j with its type, its name, nosniff and no caching', async (name) => {
    const response = await app.inject({ method: 'GET', url: '/file', query: { name } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-length']).toBe('8');
    expect(response.headers['content-disposition']).toBe(contentDisposition('inline', name));
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.body).toBe('%PDF-1.7');
  });
});
