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

/**
 * Whether a text is one line that can be stored and shown as it is (decision 058): no control
 * character at all (C0 ones, line breaks and tabs included, DEL and the C1 ones), no U+FFFE or
 * U+FFFF, and no half of a surrogate pair. The rule of a stored one-line text: a name, a reason.
 */
export const isStorableLine = (text: string): boolean => hasOnlyXmlCharacters(text) && !NOT_IN_A_LINE.test(text);
// eslint-disable-next-line no-control-regex -- these control characters are what the rule is about
const NOT_IN_A_LINE = /[\u0000-\u001F\u007F-\u009F\uFFFE\uFFFF]/;

/**
 * Whether a text of several lines (a consent's words) can be stored and shown as it is (decision
 * 058): as `isStorableLine`, but line breaks and tabs are kept.
 */
export const isStorableText = (text: string): boolean => hasOnlyXmlCharacters(text) && !NOT_IN_A_TEXT.test(text);
const NOT_IN_A_TEXT = /[\u007F-\u009F]/;
