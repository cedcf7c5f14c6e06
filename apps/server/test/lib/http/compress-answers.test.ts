import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_FROM_BYTES } from '../../../src/lib/http/compress-answers.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

/** An answer well over the threshold, and one under it. */
const large = { rows: Array.from({ length: 80 }, (_, index) => ({ id: index, town_name: `Town number ${index}` })) };
const small = { ok: true };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, async (app) => {
    app.get('/api/test/large', { config: { access: 'visitor' } }, async () => large);
    app.get('/api/test/small', { config: { access: 'visitor' } }, async () => small);
    app.post('/api/test/large', { config: { access: 'visitor', csrf: false } }, async () => large);
  });
});
afterAll(() => t.close());

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('compressing JSON answers', () => {
  it('sends a large GET answer as brotli, or gzip, whichever the browser takes, the same JSON', async () => {
    expect(JSON.stringify(large).length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    const br = await get('/api/test/large', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(large).length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(large);

    const gzip = await get('/api/test/large', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(large);
  });

  it('sends it as it is to a client that takes neither, still saying it varies by encoding', async () => {
    const plain = await get('/api/test/large');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.json()).toEqual(large);
    expect((await get('/api/test/large', 'br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
  });

  it('leaves a small answer as it is: its headers outweigh what compressing would save', async () => {
    const response = await get('/api/test/small', 'br, gzip');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual(small);
  });

  it('never compresses the answer to a POST, whose length must not tell what was sent', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test/large', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual(large);
  });

  it('keeps a real call’s answer and headers: the reference lists, compressed and still cached an hour', async () => {
    const response = await get('/api/reference-lists', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString()).towns).toContainEqual({ town_name: 'Scarborough' });
  });
});
