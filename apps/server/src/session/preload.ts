import type { FastifyRequest } from 'fastify';
import type { DialectName, Executor } from '../db/database.ts';
import type { GroupedRead } from '../db/record-writes.ts';
import { sessionRepository, sessionWithStudentRowReader, type SessionWithAdmin } from './session-repository.ts';

/** A request's session as read, and how to hand the request what was read with it. */
export type SessionRead = { session: SessionWithAdmin; handTo(request: FastifyRequest): void };

/**
 * Data a route needs read with the caller's session (decision 033). The route declares it in its
 * config (`preload`); the session layer reads the session with it and, when the session is live,
 * hands what came with it to the request; the handler takes it, typed, with `of(request)`.
 */
export type SessionPreload<T> = {
  /** The session of `idHash` and what comes with it (the session layer's call). */
  read(db: Executor, dialect: DialectName, idHash: string): Promise<SessionRead | undefined>;
  /** What was read with this request's live session, or undefined when nothing was. */
  of(request: FastifyRequest): T | undefined;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route reads with the caller's session (`preloadForStudent`); the session alone when not set. */
    preload?: SessionPreload<unknown>;
  }
}

/** The session alone: what every request reads unless its route declares a preload. */
export async function readSessionAlone(db: Executor, dialect: DialectName, idHash: string): Promise<SessionRead | undefined> {
  const session = await sessionRepository.findByHash(db, dialect, idHash);
  return session && { session, handTo: () => undefined };
}

/**
 * A preload of the signed-in student's own row, as `row` reads it by her student ID: on PostgreSQL
 * in the same statement as her session, one round trip where there were two (a student's autosave
 * is always of her own record, so it need not wait for its session to ask for it). On SQLite,
 * where a statement is no round trip, and for an admin's session, nothing comes with the session
 * and the handler reads what it needs itself.
 */
export function preloadForStudent<T>(row: GroupedRead<T>): SessionPreload<T> {
  const readWithRow = sessionWithStudentRowReader(row);
  const handed = new WeakMap<FastifyRequest, T>();
  return {
    async read(db, dialect, idHash) {
      const read = await readWithRow(db, dialect, idHash);
      if (!read) return undefined;
      return {
        session: read.session,
        handTo(request) {
          if (read.row !== undefined) handed.set(request, read.row);
        },
      };
    },
    of: (request) => handed.get(request),
  };
}
