import { Navigate, type RouteObject } from '../../lib/router/index.ts';
import type { ComponentType } from 'react';
import { steps } from './steps.ts';

/**
 * Each step's screen in a chunk of its own: the four data steps share the form, the documents and
 * complete steps need none of it.
 */
const pageOf: Record<string, () => Promise<ComponentType>> = {
  'student-data': async () => (await import('./pages.tsx')).StudentDataPage,
  'family-data': async () => (await import('./pages.tsx')).FamilyDataPage,
  'health-data': async () => (await import('./pages.tsx')).HealthDataPage,
  'other-data': async () => (await import('./pages.tsx')).OtherDataPage,
  documents: async () => (await import('./documents-step-page.tsx')).default,
  complete: async () => (await import('./complete-step-page.tsx')).default,
};

/**
 * The wizard's routes, to be mounted under `/registration` inside the student layout. The wizard
 * and its steps load lazily, in their own chunks, so the sign-in page never carries them.
 * `/registration/change-password` belongs to the auth feature and is not defined here.
 */
export const registrationRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./wizard-layout.tsx')).default }),
    children: [
      { index: true, element: <Navigate to="/registration/student-data" replace /> },
      ...steps.map((step): RouteObject => ({ path: step.path, lazy: async () => ({ Component: await pageOf[step.path]() }) })),
    ],
  },
];
