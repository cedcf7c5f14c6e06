import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DoneSnackbar } from '../../../src/components/mui/done-snackbar.tsx';

/** A screen that has just done something, with a button elsewhere on it. */
function Screen() {
  const [done, setDone] = useState<string | null>('2026-2027 Term 1 reports posted.');
  return (
    <>
      <button type="button">Elsewhere</button>
      <DoneSnackbar message={done} onClose={() => setDone(null)} />
    </>
  );
}

describe('the staff screens’ snackbar', () => {
  it('says what was done, stays through a click elsewhere on the screen, and goes with Close', async () => {
    render(<Screen />);
    expect(screen.getByText('2026-2027 Term 1 reports posted.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.getByText('2026-2027 Term 1 reports posted.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('2026-2027 Term 1 reports posted.')).toBeNull();
  });
});
