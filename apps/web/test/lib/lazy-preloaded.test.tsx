import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { expect, it } from 'vitest';
import { lazyPreloaded } from '../../src/lib/lazy-preloaded.ts';

it('draws the fallback, not an error for the whole screen, when the chunk cannot be fetched, and fetches it at the next drawing', async () => {
  let online = false;
  const Menu = lazyPreloaded(
    async () => {
      if (!online) throw new TypeError('Failed to fetch dynamically imported module');
      return ({ label }: { label: string }) => <p>{label}</p>;
    },
    ({ label }: { label: string }) => <p>{`${label} (later)`}</p>,
  );
  const first = render(
    <Suspense>
      <Menu.Component label="Menu" />
    </Suspense>,
  );
  expect(await screen.findByText('Menu (later)')).toBeInTheDocument();
  first.unmount();

  online = true;
  render(
    <Suspense>
      <Menu.Component label="Menu" />
    </Suspense>,
  );
  expect(await screen.findByText('Menu')).toBeInTheDocument();
});
