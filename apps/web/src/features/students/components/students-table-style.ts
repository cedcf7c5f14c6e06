import type { SxProps, Theme } from '@mui/material/styles';
import { rowActionStyle } from './row-action.tsx';
import { CARD_HEIGHT, ROW_HEIGHT } from './use-virtual-rows.ts';

/**
 * A row as a phone draws it: a card, her name (the button of her actions) across the top, then
 * ID, Class and Parent linked, then Date of Birth and Birth Certificate Pin, each value under its
 * column's name, all in the width of the screen. The header stays, its names the buttons that sort.
 */
const cardsOnPhone: SxProps<Theme> = {
  '@media (max-width: 899.95px)': {
    '& table': { minWidth: 0, tableLayout: 'auto' },
    // The header's names wrap in two short lines; a column's arrow shows only while it sorts.
    '& thead tr': {
      display: 'flex',
      flexWrap: 'wrap',
      columnGap: 1.5,
      px: 1.25,
      py: 0.5,
      bgcolor: 'background.paper',
      borderBottom: 1,
      borderColor: 'divider',
      position: 'sticky',
      top: 0,
      zIndex: 1,
    },
    '& thead th': { position: 'static', width: 'auto !important', height: 26, px: 0, border: 0, fontSize: '0.8125rem' },
    '& thead .sort svg[data-direction="none"]': { display: 'none' },
    '& tbody tr:not(.spacer)': {
      display: 'grid',
      gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
      gridTemplateAreas: '"name name name" "id class_id parent_linked" "date_of_birth birth_certificate_no birth_certificate_no"',
      alignContent: 'center',
      rowGap: 0.5,
      columnGap: 1,
      height: CARD_HEIGHT,
      boxSizing: 'border-box',
      px: 1.25,
      borderBottom: 1,
      borderColor: 'divider',
    },
    '& tbody td': { height: 'auto', p: 0, border: 0, lineHeight: 1.35 },
    '& tbody td[data-label]::before': { content: 'attr(data-label)', display: 'block', fontSize: '0.75rem', color: 'text.secondary' },
    ...Object.fromEntries(
      ['id', 'class_id', 'parent_linked', 'date_of_birth', 'birth_certificate_no'].map((field) => [`& td[data-field="${field}"]`, { gridArea: field }]),
    ),
    '& td[data-field="name"]': { gridArea: 'name', display: 'flex', alignItems: 'baseline', gap: 1, fontWeight: 600 },
    '& td[data-field="name"] .name-button': { width: 'auto', maxWidth: '100%', height: 32, overflow: 'hidden', textOverflow: 'ellipsis' },
    '& td[data-field="name"] .left-on': { flexShrink: 0, fontWeight: 400 },
  },
};

/**
 * The table's look, set once on its box rather than on each cell: 60vh high (SPEC §2) with the
 * header fixed above the rows that scroll, compact rows, and the columns' widths fixed so that a
 * search key lays out only the rows it changed.
 */
export const tableStyle: SxProps<Theme> = {
  height: '60vh',
  minHeight: 360,
  width: '100%',
  display: 'flex',
  flexDirection: 'column',
  bgcolor: 'background.paper',
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  '& .toolbar': { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', alignItems: 'center', gap: 2, p: 1 },
  '& .leavers': { display: 'flex', alignItems: 'center', gap: 0.5, fontSize: '0.875rem', '& input': { width: 18, height: 18, m: 0 } },
  '& .left-on': { color: 'text.secondary', fontSize: '0.8125rem' },
  '& tr[data-left] td': { color: 'text.secondary' },
  '& .search': {
    display: 'flex',
    alignItems: 'center',
    gap: 1,
    width: { xs: '100%', sm: 280 },
    px: 1,
    borderBottom: 1,
    borderColor: 'text.secondary',
    color: 'text.secondary',
    '&:focus-within': { borderBottom: 2, borderColor: 'primary.main', mb: '-1px' },
    '& svg': { width: 20, height: 20, fill: 'currentColor', flexShrink: 0 },
    '& input': { flex: 1, minWidth: 0, border: 0, outline: 0, py: 0.75, font: 'inherit', fontSize: '0.875rem', color: 'text.primary', bgcolor: 'transparent' },
  },
  '& .scroller': {
    flex: 1,
    minHeight: 0,
    overflow: 'auto',
    borderTop: 1,
    borderBottom: 1,
    borderColor: 'divider',
    '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px' },
  },
  '& table': { width: '100%', minWidth: { xs: 700, md: 880 }, tableLayout: 'fixed', borderCollapse: 'separate', borderSpacing: 0, fontSize: '0.875rem' },
  '& th, & td': {
    px: 1.25,
    py: 0,
    borderBottom: 1,
    borderColor: 'divider',
    textAlign: 'left',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& th': { position: 'sticky', top: 0, zIndex: 1, bgcolor: 'background.paper', fontWeight: 600, height: 40 },
  '& td': { height: ROW_HEIGHT },
  '& tbody tr:not(.spacer):hover': { bgcolor: 'action.hover' },
  '& .spacer td': { height: 'auto', p: 0, border: 0 },
  '& .sort': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 0.5,
    p: 0,
    border: 0,
    bgcolor: 'transparent',
    font: 'inherit',
    color: 'inherit',
    cursor: 'pointer',
    '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
    '& svg': { width: 18, height: 18, fill: 'currentColor', opacity: 0, transition: 'transform 150ms' },
    '&:hover svg': { opacity: 0.5 },
    '& svg[data-direction="asc"], & svg[data-direction="desc"]': { opacity: 1 },
    '& svg[data-direction="desc"]': { transform: 'rotate(180deg)' },
  },
  '& .empty': { m: 0, p: 2, color: 'text.secondary' },
  '& .footer': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    columnGap: 2,
    px: 2,
    py: 0.5,
    fontSize: '0.875rem',
    '& p': { m: 0 },
  },
  '& .total': { display: 'flex', flexWrap: 'wrap', columnGap: 1.5, alignItems: 'baseline' },
  '& .leavers-note': { color: 'text.secondary', fontSize: '0.8125rem' },
  ...rowActionStyle,
  ...cardsOnPhone,
};
