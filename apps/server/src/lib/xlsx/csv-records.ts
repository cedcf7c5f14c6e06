const COMMA = 0x2c;
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/** A quoted field left open, or followed by something other than a comma or a line break, in record `record` (from 1). */
export class CsvQuoteError extends Error {
  constructor(readonly record: number) {
    super(`Record ${record} has a misplaced quote.`);
    this.name = 'CsvQuoteError';
  }
}

/** A record with more fields than the reader takes: it stops there, the rest of the record unread. */
export class CsvTooWide extends Error {
  constructor(readonly record: number) {
    super(`Record ${record} has too many fields.`);
    this.name = 'CsvTooWide';
  }
}

/**
 * The records of CSV text as Excel writes and reads it (RFC 4180): fields split at commas and
 * records at line breaks (CRLF, LF or CR). A field that starts with a double quote runs to the
 * quote that closes it, commas, line breaks and doubled quotes included; a quote anywhere else is
 * kept as it is. An empty line is a record of one empty field, so that records keep the numbers
 * the spreadsheet shows; a line break at the very end makes no record. Records are made as they
 * are asked for, so a reader that stops early parses no further; a record of more than `maxFields`
 * fields throws `CsvTooWide` at the first field past it.
 *
 *   [...csvRecords('ID,Name\r\n1,"Mohammed, Jr."\r\n')]  // [['ID', 'Name'], ['1', 'Mohammed, Jr.']]
 */
export function* csvRecords(text: string, maxFields = Infinity): Generator<string[]> {
  const end = text.length;
  let at = 0;
  let record = 0;
  while (at < end) {
    record += 1;
    const fields: string[] = [];
    for (;;) {
      if (text.charCodeAt(at) === QUOTE) {
        let value = '';
        let from = at + 1;
        for (;;) {
          const close = text.indexOf('"', from);
          if (close === -1) throw new CsvQuoteError(record);
          if (text.charCodeAt(close + 1) === QUOTE) {
            value += text.slice(from, close + 1);
            from = close + 2;
            continue;
          }
          value += text.slice(from, close);
          at = close + 1;
          break;
        }
        const next = text.charCodeAt(at);
        if (at < end && next !== COMMA && next !== LF && next !== CR) throw new CsvQuoteError(record);
        fields.push(value);
      } else {
        let stop = at;
        for (let code = text.charCodeAt(stop); stop < end && code !== COMMA && code !== LF && code !== CR; code = text.charCodeAt(stop)) stop += 1;
        fields.push(text.slice(at, stop));
        at = stop;
      }
      if (text.charCodeAt(at) !== COMMA) break;
      if (fields.length >= maxFields) throw new CsvTooWide(record);
      at += 1;
    }
    // At a line break (CRLF as one) or at the end.
    if (text.charCodeAt(at) === CR && text.charCodeAt(at + 1) === LF) at += 2;
    else if (at < end) at += 1;
    yield fields;
  }
}
