import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * Notifications (decision 047): the outbox, one row a message, written in the transaction of the
 * event that causes it and sent by every server process; the school's switches for each kind; the
 * parents who stopped a kind of message about a student with their one-click link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db.schema.createTable('outbox'), db)
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('recipient', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('text_body', 'text', (column) => column.notNull())
    .addColumn('html_body', 'text', (column) => column.notNull())
    .addColumn('event', 'text', (column) => column.notNull())
    .addColumn('student_id', 'text')
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('first_attempt_at', 'text')
    .addColumn('next_attempt_at', 'text', (column) => column.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('outbox_event').on('outbox').column('event').execute();
  await db.schema.createIndex('outbox_created').on('outbox').column('created_at').execute();

  await db.schema
    .createTable('notification_stops')
    .addColumn('student_id', 'text', (column) => column.notNull())
    .addColumn('recipient', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('stopped_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('notification_stops_key', ['student_id', 'recipient', 'kind'])
    .execute();

  await db.schema
    .createTable('notification_settings')
    .addColumn('kind', 'text', (column) => column.primaryKey())
    .addColumn('enabled', 'integer', (column) => column.notNull())
    .execute();
  await (db as Kysely<{ notification_settings: { kind: string; enabled: number } }>)
    .insertInto('notification_settings')
    .values([
      { kind: 'report_posted', enabled: 1 },
      { kind: 'absence', enabled: 0 },
      { kind: 'reminders', enabled: 1 },
      { kind: 'staff_security', enabled: 1 },
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_settings').execute();
  await db.schema.dropTable('notification_stops').execute();
  await db.schema.dropTable('outbox').execute();
}
