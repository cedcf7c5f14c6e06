import { messages } from '@school/contract/messages';
import { formatDay } from '../../lib/format-day.ts';
import { LightAlert } from './light-alert.tsx';

/**
 * The confirmation a student sees once her registration is complete (every step done and the
 * terms agreed), on the wizard's Complete step and on her dashboard: the school year, the day, and
 * what to do if something changes.
 */
export function RegistrationComplete({ academicYear, completedOn }: { academicYear: string; completedOn: string | null }) {
  return (
    <div data-testid="registration-complete">
      <LightAlert severity="success" title={messages.registrationComplete(academicYear)}>
        {completedOn && `Completed on ${formatDay(completedOn)}. `}
        {messages.registrationChanges}
      </LightAlert>
    </div>
  );
}
