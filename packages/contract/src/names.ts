/** One part of a name as a record or an answer carries it (a record's values may be any field value); empty or missing is left out. */
type NamePart = string | number | null | undefined;

/** A person's names as records and answers carry them, with whatever else they hold. */
export type Named = { readonly [field: string]: unknown; first_name?: NamePart; middle_name?: NamePart; last_name?: NamePart };

const parts = (...names: NamePart[]): string[] => names.map((name) => (name === null || name === undefined ? '' : String(name).trim())).filter(Boolean);

/** 'Last, First': how lists, tables and reports name a student, so that they read in surname order. */
export const listName = (person: Named): string => parts(person.last_name, person.first_name).join(', ');

/** 'First Middle Last' (the middle name when the record has one): how a sentence, a title or a document names a person. */
export const displayName = (person: Named): string => parts(person.first_name, person.middle_name, person.last_name).join(' ');
