/** A person's names as records and answers carry them; a missing or empty part is left out. */
export type Named = { first_name?: string | null; middle_name?: string | null; last_name?: string | null };

const parts = (...names: Array<string | null | undefined>) => names.map((name) => name?.trim()).filter((name): name is string => Boolean(name));

/** 'Last, First': how lists, tables and reports name a student, so that they read in surname order. */
export const listName = (person: Named): string => parts(person.last_name, person.first_name).join(', ');

/** 'First Middle Last' (the middle name when the record has one): how a sentence, a title or a document names a person. */
export const displayName = (person: Named): string => parts(person.first_name, person.middle_name, person.last_name).join(' ');
