import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvLine, csvText } from '../../../src/lib/xlsx/index.ts';

describe('CSV text', () => {
  it('quotes a cell with a comma, a quote or a line break, and doubles its quotes', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines', null, 7])).toBe('plain,"a,b","say ""hi""","two\nlines",,7\r\n');
  });

  it('writes every text that a spreadsheet would run as a formula as text', () => {
    const line = csvLine(['=HYPERLINK("http://evil.example","click")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', 'safe']);
    expect(line).toBe(`"'=HYPERLINK(""http://evil.example"",""click"")",'+1+1,'-2+3,'@SUM(A1),'\t=1,"'\r=1",safe\r\n`);
  });

  it('starts the file with a byte-order mark and its header', () => {
    const text = csvText(['When', 'Who'], [['2026-11-26', 'Zoë']]);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual(['When,Who', '2026-11-26,Zoë', '']);
  });
});
