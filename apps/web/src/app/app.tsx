import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { getSessionQueryOptions } from '../api/get-session.ts';
import { NewVersionBanner } from './new-version-banner.tsx';
import { createRouter } from './router.tsx';

/** The sign-in pages, which ask only for the session, do not carry the list of the other screens' first calls. */
const VISITOR_PAGES = new Set(['/', '/admin']);

/** The session at once, and for any other screen its first calls (`first-screen-data.ts`), beside the download of its scripts. */
function startFirstCalls(client: QueryClient, path: string) {
  void client.prefetchQuery(getSessionQueryOptions());
  if (!VISITOR_PAGES.has(path)) void import('./first-screen-data.ts').then((module) => module.prefetchFirstScreen(client, path));
}

/** The app's providers. MUI's theme is not among them: it loads with the first screen after sign-in (decision 008). */
export function App() {
  const [queryClient] = useState(() => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
    startFirstCalls(client, window.location.pathname);
    return client;
  });
  const [router] = useState(createRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <NewVersionBanner router={router} />
    </QueryClientProvider>
  );
}
