import type { Kysely } from 'kysely';
import { ethnicGroups, formClasses, houses, primarySchools, regionalCorporations, religions, towns } from '../reference-data.ts';

/** Inserts rows in batches small enough for either database's parameter limit. */
async function insertAll(db: Kysely<unknown>, table: string, rows: ReadonlyArray<Record<string, unknown>>): Promise<void> {
  const anyDb = db as Kysely<Record<string, Record<string, unknown>>>;
  for (let start = 0; start < rows.length; start += 100) {
    await anyDb
      .insertInto(table)
      .values(rows.slice(start, start + 100))
      .execute();
  }
}

/** The reference lists of Trinidad and Tobago, the school's houses and classes, and a registration window per form. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await insertAll(db, 'regional_corporations', regionalCorporations);
  await insertAll(db, 'towns', towns);
  await insertAll(db, 'religions', religions);
  await insertAll(db, 'ethnic_groups', ethnicGroups);
  await insertAll(db, 'houses', houses);
  await insertAll(db, 'form_classes', formClasses);
  await insertAll(db, 'primary_schools', primarySchools);
  const now = new Date().toISOString();
  await insertAll(
    db,
    'registration_status',
    [1, 2, 3, 4, 5].map((form_level) => ({ form_level, open: 1, deadline: null, updated_at: now })),
  );
}

export async function down(): Promise<void> {
  throw new Error('The reference lists are not removed by a migration.');
}
