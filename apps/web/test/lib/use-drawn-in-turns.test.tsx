import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useDrawnInTurns } from '../../src/lib/use-drawn-in-turns.ts';

afterEach(() => vi.useRealTimers());

function Parts({ count, first }: { count: number; first: number }) {
  const drawn = useDrawnInTurns(count, first);
  return <p>{Array.from({ length: Math.min(count, drawn) }, (_, index) => `part ${index + 1}`).join(', ')}</p>;
}

it('draws the first parts at once, the rest one a turn once they are painted, and any part added later at once', async () => {
  vi.useFakeTimers();
  const { rerender } = render(<Parts count={4} first={2} />);
  expect(screen.getByText('part 1, part 2')).toBeInTheDocument();
  // The frame and the idle moment after it: the third part.
  await act(() => vi.advanceTimersByTimeAsync(1000));
  expect(screen.getByText(/^part 1, part 2, part 3/)).toBeInTheDocument();
  await act(() => vi.advanceTimersByTimeAsync(1000));
  expect(screen.getByText('part 1, part 2, part 3, part 4')).toBeInTheDocument();
  rerender(<Parts count={6} first={2} />);
  expect(screen.getByText('part 1, part 2, part 3, part 4, part 5, part 6')).toBeInTheDocument();
});

it('draws everything at once when the first screen holds it all', () => {
  render(<Parts count={2} first={3} />);
  expect(screen.getByText('part 1, part 2')).toBeInTheDocument();
});
