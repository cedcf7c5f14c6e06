import type { Kysely } from 'kysely';

/**
 * Admin accounts become staff accounts (decision 048): each has one role, a display name, the
 * classes a teacher reads (class IDs joined by commas, read with the session in the same row) and
 * a disabled flag. Every existing account keeps all it could do: it becomes an `admin`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('admin_users')
    .addColumn('role', 'text', (column) => column.notNull().defaultTo('admin'))
    .execute();
  await db.schema.alterTable('admin_users').addColumn('display_name', 'text').execute();
  await db.schema
    .alterTable('admin_users')
    .addColumn('classes', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('admin_users')
    .addColumn('disabled', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['disabled', 'classes', 'display_name', 'role']) await db.schema.alterTable('admin_users').dropColumn(column).execute();
}
