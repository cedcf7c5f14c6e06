import type { AuditAction } from '@school/contract';
import { sql, type Insertable, type SelectQueryBuilder } from 'kysely';
import type { Db, Executor } from '../../db/database.ts';
import type { AuditLogTable, Database } from '../../db/schema.ts';
import { startsWith } from '../../db/starts-with.ts';

/** The audit log's filters, as the service has turned them into the log's own terms. */
export type AuditFilters = {
  staff?: string;
  studentId?: string;
  /** An action's name starting with `prefix`, or one of `named` (the actions whose words hold what was typed). */
  action?: { prefix: string; named: readonly AuditAction[] };
  /** From this instant (ISO-8601 UTC), included. */
  since?: string;
  /** Until this instant, not included. */
  until?: string;
};

/** What an audit screen reads of a row (the request id stays in the log, for the server's own lines). */
const columns = ['id', 'at', 'actor_kind', 'actor_id', 'action', 'student_id', 'ip', 'detail'] as const;

/** Rows one statement writes at most: well under either database's limit of parameters. */
const INSERT_CHUNK = 200;

/** The rows that match `filters`. */
function matching(db: Db, filters: AuditFilters): SelectQueryBuilder<Database, 'audit_log', object> {
  return db
    .selectFrom('audit_log')
    .$if(filters.staff !== undefined, (query) => query.where('actor_id', '=', filters.staff!).where('actor_kind', '<>', 'student'))
    .$if(filters.studentId !== undefined, (query) => query.where('student_id', '=', filters.studentId!))
    .$if(filters.action !== undefined, (query) =>
      query.where((eb) => {
        const { prefix, named } = filters.action!;
        return named.length ? eb.or([startsWith('action', prefix), eb('action', 'in', named)]) : startsWith('action', prefix);
      }),
    )
    .$if(filters.since !== undefined, (query) => query.where('at', '>=', filters.since!))
    .$if(filters.until !== undefined, (query) => query.where('at', '<', filters.until!));
}

export type AuditRow = Awaited<ReturnType<typeof auditRepository.page>>[number];

export const auditRepository = {
  /** Appends rows to the log, a chunk per statement. */
  async insert(db: Executor, rows: ReadonlyArray<Insertable<AuditLogTable>>): Promise<void> {
    for (let start = 0; start < rows.length; start += INSERT_CHUNK)
      await db
        .insertInto('audit_log')
        .values(rows.slice(start, start + INSERT_CHUNK))
        .execute();
  },

  /** The staff accounts of these usernames: how the log names the staff behind its rows. */
  staffNamed(db: Executor, usernames: string[]) {
    return db.selectFrom('admin_users').select(['username', 'display_name', 'role']).where('username', 'in', usernames).execute();
  },

  /** The newest `limit` rows of one action after `since`, newest first. */
  recentOf(db: Executor, action: string, since: string, limit: number) {
    return db
      .selectFrom('audit_log')
      .select(['at', 'ip', 'detail'])
      .where('action', '=', action)
      .where('at', '>', since)
      .orderBy('at', 'desc')
      .limit(limit)
      .execute();
  },

  /** One page of the matching rows, newest first. */
  page(db: Db, filters: AuditFilters, { offset, limit }: { offset: number; limit: number }) {
    return matching(db, filters).select(columns).orderBy('id', 'desc').limit(limit).offset(offset).execute();
  },

  /** How many rows match. */
  async count(db: Db, filters: AuditFilters): Promise<number> {
    const row = await matching(db, filters)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** How many students the matching rows name (a CSV export's note, decision 049). */
  async studentCount(db: Db, filters: AuditFilters): Promise<number> {
    const row = await matching(db, filters)
      .select((eb) => eb.fn.count<number | string>('student_id').distinct().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** The next `limit` matching rows older than row `before` (all rows when null), newest first: the CSV reads the log a slice at a time. */
  slice(db: Db, filters: AuditFilters, { before, limit }: { before: number | null; limit: number }) {
    return matching(db, filters)
      .select(columns)
      .$if(before !== null, (query) => query.where('id', '<', before!))
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  /**
   * The rows of `actions` that staff (`admin`) or guardians made about one student, newest first.
   * The kind is written as a literal so that both databases use the index of that kind's rows by
   * student (migrations 021 and 032).
   */
  readerRowsAbout(db: Db, kind: 'admin' | 'guardian', studentId: string, actions: readonly string[], limit: number) {
    return db
      .selectFrom('audit_log')
      .select(['id', 'at', 'actor_id', 'action', 'detail'])
      .where(sql.ref('actor_kind'), '=', sql.lit(kind))
      .where('student_id', '=', studentId)
      .where('action', 'in', actions)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  /** How many rows of `actions` staff (`admin`) or guardians made about one student. */
  async countReaderRowsAbout(db: Db, kind: 'admin' | 'guardian', studentId: string, actions: readonly string[]): Promise<number> {
    const row = await db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where(sql.ref('actor_kind'), '=', sql.lit(kind))
      .where('student_id', '=', studentId)
      .where('action', 'in', actions)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** The guardians behind audit rows' public IDs, each with how she is related to the student (her link, live or not). */
  guardiansOf(db: Executor, studentId: string, publicIds: string[]) {
    return db
      .selectFrom('guardians')
      .leftJoin('guardian_links', (join) => join.onRef('guardian_links.guardian_id', '=', 'guardians.id').on('guardian_links.student_id', '=', studentId))
      .select(['guardians.public_id', 'guardians.display_name', 'guardian_links.relationship'])
      .where('guardians.public_id', 'in', publicIds)
      .execute();
  },
};
