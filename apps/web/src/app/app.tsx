import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { prefetchFirstScreen } from './first-screen-data.ts';
import { NewVersionBanner } from './new-version-banner.tsx';
import { createRouter } from './router.tsx';

/** The app's providers. MUI's theme is not among them: it loads with the first screen after sign-in (decision 008). */
export function App() {
  const [queryClient] = useState(() => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
    prefetchFirstScreen(client, window.location.pathname);
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
