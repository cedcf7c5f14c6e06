import {
  fileNames,
  attendanceImportAnswerSchema,
  attendanceImportRequest,
  binaryResponse,
  errorResponses,
  scanBatchAnswerSchema,
  scannerBatchRequest,
  studentAttendanceSchema,
  termCalendarRequest,
  termCalendarSchema,
  studentIdParam,
} from '@school/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createAddressLimiter } from '../../lib/address-limiter.ts';
import { sendDownload } from '../../lib/http/download.ts';
import { adminActor, familyActor, studentOfParams } from '../../session/access.ts';
import { receiveUpload, uploadedFile } from '../../lib/uploads/index.ts';
import { authenticateScanner, hashScannerToken, tooManyScannerFailures } from './scanner-tokens.ts';
import { importAttendanceScans } from './scan-import.ts';
import { receiveScannerBatch } from './scanner-ingest.ts';
import { attendanceReportPdf, studentAttendance } from './service.ts';
import { saveTermCalendar, termCalendar } from './term-calendar.ts';

/** Batches a scanner may send in a minute (decision 023). */
export const SCANNER_BATCHES_PER_MINUTE = 60;

/**
 * Failed scanner authentications an address may make in 15 minutes (decision 038), counted by
 * each server process; past them every call from the address is answered 429 until the oldest
 * leaves the window. A scanner with its token never fails, so only guessing is held back.
 */
export const scannerFailures = { max: 10, windowMs: 15 * 60 * 1000 };

const scanners = new WeakMap<FastifyRequest, { id: number; name: string }>();

/** Attendance (SPEC §2, §7; decisions 022 and 023): the student's term, the date-range report, the term calendar, and scans in. */
export async function attendanceRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const failedScanners = createAddressLimiter(scannerFailures);

  app.get(
    '/api/student-attendance/:id',
    {
      config: { access: 'family or class:read', studentIdFrom: studentOfParams },
      schema: { params: z.object({ id: studentIdParam }), response: { 200: studentAttendanceSchema, ...errorResponses } },
    },
    async (request) => studentAttendance(app.deps, familyActor(request), request.params.id),
  );

  app.get(
    '/api/student-attendance-report/:id/:start/:end',
    {
      config: { access: 'family or class:read', studentIdFrom: studentOfParams },
      schema: {
        params: z.object({ id: studentIdParam, start: z.string().max(40), end: z.string().max(40) }),
        response: { 200: binaryResponse('application/pdf'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id, start, end } = request.params;
      const pdf = await attendanceReportPdf(app.deps, familyActor(request), { studentId: id, start, end });
      return sendDownload(reply, { body: pdf, type: 'application/pdf', name: fileNames.attendanceReport(id, start, end), disposition: 'inline' });
    },
  );

  app.get('/api/term-calendar', { config: { access: 'settings' }, schema: { response: { 200: termCalendarSchema, ...errorResponses } } }, async () =>
    termCalendar(app.deps),
  );

  app.put(
    '/api/term-calendar',
    {
      config: { access: 'settings' },
      schema: {
        body: termCalendarRequest,
        response: { 200: termCalendarSchema, ...errorResponses },
      },
    },
    async (request) => saveTermCalendar(app.deps, adminActor(request), request.body),
  );

  app.post(
    '/api/attendance-import',
    {
      config: { access: 'records:write' },
      preValidation: receiveUpload({ accept: ['xlsx', 'csv'] }),
      schema: {
        consumes: ['multipart/form-data'],
        body: attendanceImportRequest.extend({ file: uploadedFile() }),
        response: { 200: attendanceImportAnswerSchema, ...errorResponses },
      },
    },
    async (request) => importAttendanceScans(app.deps, adminActor(request), request.body),
  );

  // A scanner signs its calls with its own bearer token, not a session: no CSRF token, and the token opens this call only.
  app.post(
    '/api/attendance-scans',
    {
      config: {
        access: 'visitor',
        csrf: false,
        rateLimit: {
          max: SCANNER_BATCHES_PER_MINUTE,
          timeWindow: '1 minute',
          // A known scanner's batches are counted per token; the failures of unknown ones per address (below).
          keyGenerator: (request: FastifyRequest) => `scanner:${hashScannerToken(String(request.headers.authorization ?? request.address))}`,
        },
      },
      preValidation: async (request) => {
        const taken = failedScanners.take(request.address);
        if ('retryAfter' in taken) throw tooManyScannerFailures(taken.retryAfter);
        scanners.set(request, await authenticateScanner(app.deps.db, request.headers.authorization));
        taken.giveBack();
      },
      schema: { body: scannerBatchRequest, response: { 200: scanBatchAnswerSchema, ...errorResponses } },
    },
    async (request) => receiveScannerBatch(app.deps, request.actor, scanners.get(request)!, request.body),
  );
}
