import { guardianMessages } from '@school/contract/guardian-messages';
import { letterCodeLength, normalLetterCode } from '@school/contract/guardians';
import { isRealDate } from '@school/contract/days';
import { limits } from '@school/contract/limits';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '../../lib/router/index.ts';
import { FormAlerts } from '../../components/light/form-alerts.tsx';
import { LightDateInput } from '../../components/light/light-date-input.tsx';
import { LightFormField } from '../../components/light/light-form.tsx';
import { LightButton } from '../../components/light/light-button.tsx';
import { LightTextField } from '../../components/light/light-text-field.tsx';
import { PageTitle } from '../../components/light/page-title.tsx';
import { today } from '../../lib/format-day.ts';
import { addDaughter } from './api/add-daughter.ts';
import { getChildrenQueryOptions } from './api/get-children.ts';
import { problemOf, useThrottleWait } from './problems.ts';
import './family.css';

/** The earliest date of birth the calendar offers. */
const earliestBirth = '1950-01-01';

/** What is wrong with the form before it is sent, or null. */
export function letterProblem({ studentId, code, dateOfBirth }: { studentId: string; code: string; dateOfBirth: string }): string | null {
  if (!studentId.trim()) return 'Type her student ID, as the letter shows it.';
  if (normalLetterCode(code).length !== letterCodeLength) return `The code on the letter has ${letterCodeLength} letters and digits, such as K7QD-M3WX-9P.`;
  if (!isRealDate(dateOfBirth)) return 'Type or choose her date of birth.';
  return null;
}

/**
 * `/family/add`: 'Add a daughter' with the letter the school handed her: the girl's student ID, the
 * letter's code and her date of birth (decision 062). A wrong code is told in the server's words;
 * after five an hour, the button waits out the time the server gives.
 */
export default function AddDaughterPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const wait = useThrottleWait();
  const [studentId, setStudentId] = useState('');
  const [code, setCode] = useState('');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function add(event: FormEvent) {
    event.preventDefault();
    const problem = letterProblem({ studentId, code, dateOfBirth });
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const answer = await addDaughter({ student_id: studentId.trim(), code, date_of_birth: dateOfBirth });
      // Her list again before her page opens (it is not on screen here, so only a refetch of every copy brings it): the page reads it to know the girl is hers.
      await client.invalidateQueries({ queryKey: getChildrenQueryOptions().queryKey, refetchType: 'all' });
      await navigate(`/family/${encodeURIComponent(studentId.trim())}`, {
        state: { snackbar: answer?.message ?? guardianMessages.linkAdded('Your daughter') },
      });
    } catch (caught) {
      wait.note(caught);
      setError(problemOf(caught, 'She could not be added just now. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <PageTitle>Add a Daughter</PageTitle>
      <form className="light-stack family-form" onSubmit={add} noValidate>
        <p className="light-text">Type what the school’s letter shows, and her date of birth.</p>
        <FormAlerts error={error} />
        <LightTextField
          label="Student ID"
          value={studentId}
          onChange={(event) => setStudentId(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={limits.studentId}
          required
        />
        <LightTextField
          label="Code from the letter"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          helperText="For example K7QD-M3WX-9P"
          required
        />
        <LightFormField id="daughter-birth" label="Her date of birth" required helperText="As yyyy-mm-dd, or chosen in the calendar">
          {(control) => (
            <LightDateInput
              control={control}
              label="Her date of birth"
              value={dateOfBirth}
              min={earliestBirth}
              max={today()}
              required
              onType={setDateOfBirth}
              onPick={setDateOfBirth}
            />
          )}
        </LightFormField>
        <LightButton type="submit" disabled={busy || wait.waiting}>
          Add Daughter
        </LightButton>
      </form>
    </div>
  );
}
