import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A table's `sx` that turns it into labelled cards below the md breakpoint: the header row is
 * hidden, each row becomes a card and each cell shows its column's name (the cell's `data-label`)
 * above its value. So a phone shows every column of a row without scrolling sideways.
 */
export const cardsOnPhone = {
  '@media (max-width: 899.95px)': {
    minWidth: 0,
    '& thead': { display: 'none' },
    '& tbody tr': { display: 'block', borderBottom: 1, borderColor: 'divider', py: 1 },
    '& tbody td, & tbody th': { display: 'block', border: 0, py: 0.5, px: 0, textAlign: 'left' },
    '& tbody td[data-label]::before, & tbody th[data-label]::before': {
      content: 'attr(data-label)',
      display: 'block',
      fontSize: '0.75rem',
      color: 'text.secondary',
    },
  },
} satisfies SxProps<Theme>;
