import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { memo, type ReactNode } from 'react';
import { RowActions, drawingOf, type RowActionItem } from './row-action.tsx';
import type { Sort, SortField, TableRow } from './table-rows.ts';
import { ROW_HEIGHT } from './use-virtual-rows.ts';

/** The columns of SPEC §2 that hold a value, with their widths; Actions follows them. */
export const columns: Array<{ field: SortField; header: string; width: number | string }> = [
  { field: 'id', header: 'ID', width: 110 },
  { field: 'name', header: 'Name', width: 'auto' },
  { field: 'class_id', header: 'Class', width: 90 },
  { field: 'date_of_birth', header: 'Date of Birth', width: 130 },
  { field: 'birth_certificate_no', header: 'Birth Certificate Pin', width: 180 },
];
export const ACTIONS_WIDTH = 200;

const sortArrow = drawingOf(ArrowUpwardIcon);

/** What a row's action asks of the table: a dialog over it, or another screen. */
export type Action = 'form' | 'edit' | 'reset' | 'attendance' | 'termReports';

/** A row's actions, named for its student (SPEC §2). */
const rowActions = (name: string): Array<RowActionItem<Action>> => [
  { action: 'form', icon: 'form', label: `Registration Form of ${name}` },
  { action: 'edit', icon: 'edit', label: `Edit ${name}` },
  { action: 'reset', icon: 'reset', label: `Reset password of ${name}` },
  { action: 'attendance', icon: 'attendance', label: `Attendance of ${name}` },
  { action: 'termReports', icon: 'termReports', label: `Term Reports of ${name}` },
];

/**
 * One student's row. Drawn again only when its student or its place changes: a search key that
 * keeps a student on the page leaves her row as it was.
 */
export const StudentRowView = memo(function StudentRowView({
  row,
  index,
  onAction,
}: {
  row: TableRow;
  index: number;
  onAction: (action: Action, row: TableRow) => void;
}) {
  return (
    <tr data-id={row.id} aria-rowindex={index + 2}>
      <td data-field="id">{row.id}</td>
      <td data-field="name">{row.name}</td>
      <td data-field="class_id">{row.class_id}</td>
      <td data-field="date_of_birth">{row.date_of_birth}</td>
      <td data-field="birth_certificate_no">{row.birth_certificate_no}</td>
      <td data-field="actions">
        <RowActions label={`Actions for ${row.name}`} actions={rowActions(row.name)} onAction={(action) => onAction(action, row)} />
      </td>
    </tr>
  );
});

/** A column's header: a button that sorts by it, ascending, descending, then back to the table's own order. */
export function ColumnHeader({ field, header, width, sort, onSort }: (typeof columns)[number] & { sort: Sort; onSort: (field: SortField) => void }) {
  const direction = sort?.field === field ? sort.direction : undefined;
  return (
    <th scope="col" style={{ width }} aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}>
      <button type="button" className="sort" onClick={() => onSort(field)}>
        {header}
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-direction={direction ?? 'none'}>
          {sortArrow}
        </svg>
      </button>
    </th>
  );
}

/** The height of rows not drawn, above or below those in view, so that the scrollbar is that of the whole page. */
function Spacer({ rows }: { rows: number }) {
  return (
    <tr aria-hidden="true" className="spacer" style={{ height: rows * ROW_HEIGHT }}>
      <td colSpan={columns.length + 1} />
    </tr>
  );
}

/** The rows `drawn` (indices in order), with spacers standing in for the rows between and around them. */
export function withSpacers(drawn: number[], count: number, draw: (index: number) => ReactNode): ReactNode[] {
  const out: ReactNode[] = [];
  let next = 0;
  for (const index of drawn) {
    if (index > next) out.push(<Spacer key={`spacer-${next}`} rows={index - next} />);
    out.push(draw(index));
    next = index + 1;
  }
  if (count > next) out.push(<Spacer key={`spacer-${next}`} rows={count - next} />);
  return out;
}
