import { Navigate, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import type * as Pages from './pages.tsx';
import { steps } from './steps.ts';

type StepPages = typeof Pages;

/** The screen of each step path, as `pages.tsx` exports it. */
const pageOf: Record<string, keyof StepPages> = {
  'student-data': 'StudentDataPage',
  'family-data': 'FamilyDataPage',
  'health-data': 'HealthDataPage',
  'other-data': 'OtherDataPage',
  documents: 'DocumentsPage',
  complete: 'CompletePage',
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
      { index: true, element: <Navigate to="student-data" replace /> },
      ...steps.map((step): RouteObject => ({
        path: step.path,
        lazy: async () => ({ Component: (await import('./pages.tsx'))[pageOf[step.path]] as ComponentType }),
      })),
    ],
  },
];
