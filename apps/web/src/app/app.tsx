import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '../lib/router/index.ts';
import { prefetchFirstScreen } from './first-screen-data.ts';
import { NewVersionBanner } from './new-version-banner.tsx';
import { createRouter } from './router.tsx';

/**
 * What the app starts with: the first screen's calls on their way, and the router, which works out
 * the route the address names and starts fetching its screen.
 */
export function startApp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
  prefetchFirstScreen(queryClient, window.location.pathname);
  return { queryClient, router: createRouter() };
}

/** The app's providers. MUI's theme is not among them: it loads with the first screen after sign-in (decision 008). */
export function App({ queryClient, router }: ReturnType<typeof startApp>) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <NewVersionBanner router={router} />
    </QueryClientProvider>
  );
}
