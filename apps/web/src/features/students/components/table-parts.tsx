import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import type { Permission } from '@school/contract/staff-roles';
import { memo, type ReactNode } from 'react';
import { drawingOf } from './row-action.tsx';
import { ROW_MENU_TIP } from './row-actions-menu.tsx';
import type { Sort, SortField, TableRow } from './table-rows.ts';
import { CARD_HEIGHT, ROW_HEIGHT } from './use-virtual-rows.ts';

/** A column of the table: its field, header and width, and the permission a role needs to see it, if any. */
export type Column = { field: SortField; header: string; width: number | string; permission?: Permission };

/**
 * The columns of SPEC §2 that hold a value, with their widths; Actions follows them. The date of
 * birth and birth certificate are part of a student's record, which a teacher may not read: her
 * table answers them empty (decision 048), so her table leaves them out.
 */
export const columns: Column[] = [
  { field: 'id', header: 'ID', width: 110 },
  { field: 'name', header: 'Name', width: 'auto' },
  { field: 'class_id', header: 'Class', width: 90 },
  // Whether a parent's account is linked to her (decision 062); who it is, only office and admin see.
  { field: 'parent_linked', header: 'Parent linked', width: 120 },
  { field: 'date_of_birth', header: 'Date of Birth', width: 130, permission: 'records:read' },
  { field: 'birth_certificate_no', header: 'Birth Certificate Pin', width: 180, permission: 'records:read' },
];

/** The columns a role sees: those that need no permission, and those whose permission she has. */
export const columnsSeen = (may: (permission: Permission) => boolean): Column[] =>
  columns.filter((column) => column.permission === undefined || may(column.permission));
export const ACTIONS_WIDTH = 110;

const sortArrow = drawingOf(ArrowUpwardIcon);

/**
 * One student's row. Drawn again only when its student, its place or its menu's state changes: a
 * search key that keeps a student on the page leaves her row as it was. Its actions are one
 * 'Actions ▾' button (a stop of the Tab key) that opens the table's menu; on a phone the column
 * is left out and her name is the button, opening the same actions as a sheet, and the row is a
 * card: each value under its column's name (`data-label`), so that none is off to the side.
 */
export const StudentRowView = memo(function StudentRowView({
  row,
  index,
  shown,
  sheet,
  expanded,
  onOpen,
}: {
  row: TableRow;
  index: number;
  /** The columns her role sees (`columnsSeen`). */
  shown: Column[];
  sheet: boolean;
  expanded: boolean;
  onOpen: (row: TableRow, anchor: HTMLElement) => void;
}) {
  return (
    <tr data-id={row.id} aria-rowindex={index + 2} data-left={row.left_on ? 'true' : undefined}>
      {shown.map(({ field, header }) =>
        field === 'name' ? (
          <td key={field} data-field="name">
            {sheet ? (
              <button
                type="button"
                className="name-button"
                aria-haspopup="dialog"
                aria-expanded={expanded}
                onClick={(event) => onOpen(row, event.currentTarget)}
              >
                {row.name}
              </button>
            ) : (
              row.name
            )}
            {row.left_on && <span className="left-on"> Left on {row.left_on}</span>}
          </td>
        ) : (
          <td key={field} data-field={field} data-label={header}>
            {field === 'parent_linked' ? row[field] || '—' : row[field]}
          </td>
        ),
      )}
      {!sheet && (
        <td data-field="actions">
          <button
            type="button"
            className="row-action row-menu"
            data-icon="menu"
            data-tip={ROW_MENU_TIP}
            aria-label={`Actions for ${row.name}`}
            aria-haspopup="menu"
            aria-expanded={expanded}
            onClick={(event) => onOpen(row, event.currentTarget)}
          >
            Actions
          </button>
        </td>
      )}
    </tr>
  );
});

/** A column's header: a button that sorts by it, ascending, descending, then back to the table's own order. */
export function ColumnHeader({ field, header, width, sort, onSort }: Column & { sort: Sort; onSort: (field: SortField) => void }) {
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
function Spacer({ rows, span, cards }: { rows: number; span: number; cards: boolean }) {
  return (
    <tr aria-hidden="true" className="spacer" style={{ height: rows * (cards ? CARD_HEIGHT : ROW_HEIGHT) }}>
      <td colSpan={span} />
    </tr>
  );
}

/**
 * The rows `drawn` (indices in order), with spacers standing in for the rows between and around
 * them, each spanning the table's `span` columns (a wider one would add an empty column), as high
 * as the rows they stand for (`cards` on a phone).
 */
export function withSpacers(
  drawn: number[],
  count: number,
  { span, cards }: { span: number; cards: boolean },
  draw: (index: number) => ReactNode,
): ReactNode[] {
  const out: ReactNode[] = [];
  let next = 0;
  for (const index of drawn) {
    if (index > next) out.push(<Spacer key={`spacer-${next}`} rows={index - next} span={span} cards={cards} />);
    out.push(draw(index));
    next = index + 1;
  }
  if (count > next) out.push(<Spacer key={`spacer-${next}`} rows={count - next} span={span} cards={cards} />);
  return out;
}
