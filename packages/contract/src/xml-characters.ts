/**
 * Characters XML 1.0 does not allow in a document (decision 038): C0 controls other than tab, line
 * feed and carriage return, U+FFFE and U+FFFF, and a surrogate that is not half of a pair. One
 * such character in a saved field made the school's spreadsheets files that Excel must repair.
 */
// eslint-disable-next-line no-control-regex -- these control characters are what the rule is about
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const FORBIDDEN_ALL = new RegExp(FORBIDDEN.source, 'g');

/** Whether a text holds no character XML 1.0 forbids: the rule of every text field saved. */
export const hasOnlyXmlCharacters = (text: string): boolean => !FORBIDDEN.test(text);

/** The text without the characters XML 1.0 forbids: what every export, PDF and import writes or reads. */
export const withoutForbiddenCharacters = (text: string): string => (FORBIDDEN.test(text) ? text.replace(FORBIDDEN_ALL, '') : text);
