import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { NewVersionBanner } from './new-version-banner.tsx';
import { createRouter } from './router.tsx';

/** The app's providers. MUI's theme is not among them: it loads with the first screen after sign-in (decision 008). */
export function App() {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }));
  const [router] = useState(createRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <NewVersionBanner router={router} />
    </QueryClientProvider>
  );
}
