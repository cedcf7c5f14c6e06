import type { Executor } from '../../db/database.ts';

/** One question per reference list, answered with the spec's field names. */
export const referenceRepository = {
  towns: (db: Executor) => db.selectFrom('towns').select(['town_name']).orderBy('town_name').execute(),
  religions: (db: Executor) => db.selectFrom('religions').select(['code', 'religion']).orderBy('religion').execute(),
  ethnicGroups: (db: Executor) => db.selectFrom('ethnic_groups').select(['id', 'group_type']).orderBy('id').execute(),
  regionalCorporations: (db: Executor) => db.selectFrom('regional_corporations').select(['title']).orderBy('title').execute(),
  houses: (db: Executor) => db.selectFrom('houses').select(['id', 'name']).orderBy('id').execute(),
  formClasses: (db: Executor) => db.selectFrom('form_classes').select(['id', 'form_level']).orderBy('form_level').orderBy('id').execute(),
  primarySchools: (db: Executor) => db.selectFrom('primary_schools').select(['name']).orderBy('name').execute(),
};
