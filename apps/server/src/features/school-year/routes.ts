import {
  errorResponses,
  leaverSchema,
  markLeftRequest,
  messageSchema,
  rolloverRequest,
  rolloverResultSchema,
  schoolYearSchema,
  studentChangesSchema,
  studentHistorySchema,
  undoRolloverRequest,
  undoRolloverSchema,
  studentIdParam,
} from '@school/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminActor, studentOfParams } from '../../session/access.ts';
import { changesSinceLastYear } from './changes.ts';
import { studentHistory } from './history.ts';
import { bringBack, markLeft } from './leavers.ts';
import { loadSchoolYear, rollOver, undoRollover } from './service.ts';
import { notDryRun, staffChangeGuard } from '../../session/step-up.ts';
import { recordReadGuard } from '../export-guard/index.ts';

/** The student a `/api/student/:id/…` call names. */

/** The school's year, its rollover into the next, and students who leave (decision 045). */
export async function schoolYearRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get('/api/school-year', { config: { access: 'settings' }, schema: { response: { 200: schoolYearSchema, ...errorResponses } } }, async () =>
    loadSchoolYear(deps),
  );

  app.post(
    '/api/school-year/rollover',
    {
      config: { access: 'settings' },
      schema: { body: rolloverRequest, response: { 200: rolloverResultSchema, ...errorResponses } },
      preHandler: staffChangeGuard(deps, notDryRun),
    },
    async (request) => rollOver(deps, adminActor(request), request.body),
  );

  app.post(
    '/api/school-year/undo',
    {
      config: { access: 'settings' },
      schema: { body: undoRolloverRequest, response: { 200: undoRolloverSchema, ...errorResponses } },
      preHandler: staffChangeGuard(deps),
    },
    async (request) => undoRollover(deps, adminActor(request)),
  );

  const studentParams = z.object({ id: studentIdParam });

  app.post(
    '/api/students/:id/left',
    {
      config: { access: 'records:write', studentIdFrom: studentOfParams },
      schema: { params: studentParams, body: markLeftRequest, response: { 200: leaverSchema, ...errorResponses } },
    },
    async (request) => markLeft(deps, adminActor(request), request.params.id, request.body.reason),
  );

  app.get(
    '/api/student/:id/history',
    {
      config: { access: 'records:read', studentIdFrom: studentOfParams },
      schema: { params: studentParams, response: { 200: studentHistorySchema, ...errorResponses } },
      preHandler: recordReadGuard(deps, studentOfParams),
    },
    async (request) => studentHistory(deps, adminActor(request), request.params.id),
  );

  app.get(
    '/api/student/:id/changes',
    {
      config: { access: 'records:read', studentIdFrom: studentOfParams },
      schema: { params: studentParams, response: { 200: studentChangesSchema, ...errorResponses } },
      preHandler: recordReadGuard(deps, studentOfParams),
    },
    async (request) => changesSinceLastYear(deps, adminActor(request), request.params.id),
  );

  app.delete(
    '/api/students/:id/left',
    {
      config: { access: 'records:write', studentIdFrom: studentOfParams },
      schema: { params: studentParams, response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) => bringBack(deps, adminActor(request), request.params.id),
  );
}
