import type { ReactNode } from 'react';
import { useSchoolName } from '../../api/get-school-config.ts';
import { SchoolCrest } from '../school-crest.tsx';

/** The framed card of the sign-in screens: crest, school name, the screen's title and its form. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const schoolName = useSchoolName();
  return (
    <main className="light-page">
      <section className="light-card">
        <div className="light-card-head">
          <SchoolCrest size={64} title={`${schoolName} crest`} />
          <h1>{schoolName}</h1>
          <h2>{title}</h2>
        </div>
        {children}
      </section>
    </main>
  );
}
