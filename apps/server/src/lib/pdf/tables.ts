import type { Content, TableCell } from 'pdfmake/interfaces';
import { DASH } from './layout.ts';

/** A value as a table cell: text, or a dash when there is none. */
const cellText = (value: string | number | null | undefined): string => (value === null || value === undefined || value === '' ? DASH : String(value));

/**
 * A titled block of label / value pairs, two pairs to a row (the registration form's sections):
 * labels in the `label` style, values in the `value` style.
 */
export function labelValueTable(title: string, pairs: Array<[label: string, value: string | number | null]>): Content[] {
  const body: TableCell[][] = [];
  for (let index = 0; index < pairs.length; index += 2) {
    const row: TableCell[] = [];
    for (const pair of [pairs[index], pairs[index + 1]]) {
      if (pair) row.push({ text: pair[0], style: 'label' }, { text: cellText(pair[1]), style: 'value' });
      else row.push({ text: '' }, { text: '' });
    }
    body.push(row);
  }
  return [
    { text: title, style: 'section' },
    { table: { widths: [95, '*', 95, '*'], body }, layout: 'lightHorizontalLines', margin: [0, 0, 0, 6] },
  ];
}

/** A column of a `dataTable`: its header and width ('*' shares the rest, 'auto' fits the content, or points). */
export type DataColumn = { header: string; width?: number | '*' | 'auto'; alignment?: 'left' | 'right' | 'center' };

/**
 * A table of rows under a header row that repeats on every page it runs onto (lists, reports,
 * report cards); a row is never split between two pages. A cell is text, a number or null (printed as a dash), or any pdfmake cell for
 * one that needs its own style (`{ text: 'Late', color: pdfColours.secondary }`).
 */
export function dataTable(columns: DataColumn[], rows: Array<Array<string | number | null | TableCell>>): Content {
  const cell = (value: string | number | null | TableCell, column: DataColumn): TableCell =>
    value !== null && typeof value === 'object' ? value : { text: cellText(value), alignment: column.alignment };
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: columns.map((column) => column.width ?? '*'),
      body: [
        columns.map((column) => ({ text: column.header, style: 'tableHeader', alignment: column.alignment })),
        ...rows.map((row) => columns.map((column, index) => cell(row[index] ?? null, column))),
      ],
    },
    layout: 'lightHorizontalLines',
  };
}
