/** The first characters that make a spreadsheet read a cell as a formula (DESIGN §3). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text as a spreadsheet must show it, never run it: one that starts with `=`, `+`, `-`, `@`,
 * tab or CR gets a leading single quote (`'=SUM(A1)` shows `=SUM(A1)` as text), so no formula
 * runs on an admin's machine when she opens an export.
 */
export const formulaSafe = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** The reverse, for a file read back: a quote that `formulaSafe` added is dropped again (XML turns a CR into a line feed on the way). */
export const withoutFormulaQuote = (text: string): string => (/^'[=+\-@\t\r\n]/.test(text) ? text.slice(1) : text);
