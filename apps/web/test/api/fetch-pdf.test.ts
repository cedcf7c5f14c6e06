import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/client.ts';
import { fetchPdf, fileNameFromDisposition } from '../../src/api/fetch-pdf.ts';
import { fileNames } from '@school/contract/file-names';
import { getAttendanceReport } from '../../src/api/get-attendance-report.ts';
import { getRegistrationReport } from '../../src/features/admin-data/api/get-registration-report.ts';
import { json, stubFetch } from '../http.tsx';

afterEach(() => vi.unstubAllGlobals());

const pdf = (disposition?: string) =>
  new Response('%PDF-1.7 …', { headers: { 'content-type': 'application/pdf', ...(disposition ? { 'content-disposition': disposition } : {}) } });

describe('the file name a PDF downloads under', () => {
  it.each([
    ['inline; filename="report-card-20240001-2025-term-3.pdf"', 'report-card-20240001-2025-term-3.pdf'],
    ['attachment; filename="plain.pdf"; filename*=UTF-8\'\'Parents%20Contact%202B.pdf', 'Parents Contact 2B.pdf'],
    ['inline; filename=bare.pdf', 'bare.pdf'],
    ['inline', undefined],
    [null, undefined],
  ])('is read from %j', (header, name) => {
    expect(fileNameFromDisposition(header)).toBe(name);
  });
});

describe('fetching a PDF for the viewer', () => {
  it('gets the bytes once, with the server’s file name', async () => {
    const calls = stubFetch(() => pdf('inline; filename="registration-form-20260001.pdf"'));
    const file = await fetchPdf('/api/registration-form/20260001', { fallbackName: 'Registration Form.pdf' });
    expect(calls.map((call) => call.url)).toEqual(['/api/registration-form/20260001']);
    expect(file.fileName).toBe('registration-form-20260001.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7 …');
  });

  it('names the file after the document when the server gives no name', async () => {
    stubFetch(() => pdf());
    expect((await fetchPdf('/api/x', { fallbackName: 'Attendance Report.pdf' })).fileName).toBe('Attendance Report.pdf');
  });

  it('names a report the server sent without a name as the server names it (the contract’s file names)', async () => {
    stubFetch(() => pdf());
    expect((await getAttendanceReport('2026-001', '2026-01-05', '2026-03-27')).fileName).toBe(
      fileNames.attendanceReport('2026-001', '2026-01-05', '2026-03-27'),
    );
    expect((await getRegistrationReport()).fileName).toBe(fileNames.registrationReport);
  });

  it('throws the server’s message when it refuses', async () => {
    stubFetch(() => json({ message: 'The end date is before the start date.' }, 400));
    const error = await fetchPdf('/api/student-attendance-report/1/2026-10-31/2026-10-01').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toBe('The end date is before the start date.');
  });

  it('keeps the whole refusal, so that a whole-school export’s page can ask for the code', async () => {
    stubFetch(() => json({ code: 'step_up_required', enrolled: true, message: 'Enter a code.' }, 403));
    const error = (await fetchPdf('/api/registration-report/all').catch((caught: unknown) => caught)) as ApiError;
    expect(error.body).toEqual({ code: 'step_up_required', enrolled: true, message: 'Enter a code.' });
  });

  it('says the portal could not be reached when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = (await fetchPdf('/api/x').catch((caught: unknown) => caught)) as ApiError;
    expect(error.isNetwork).toBe(true);
  });
});
