import { sql, type RawBuilder } from 'kysely';

/**
 * A condition that `column` starts with `prefix`, taken as plain text: '\' escapes LIKE's own
 * characters in it, the same on SQLite and PostgreSQL.
 */
export function startsWith(column: string, prefix: string): RawBuilder<boolean> {
  const pattern = `${prefix.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}
