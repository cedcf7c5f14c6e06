import { guardianMessages } from '@school/contract/guardian-messages';
import { letterCodeLength, normalLetterCode } from '@school/contract/guardians';
import { limits } from '@school/contract/limits';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormAlerts } from '../../components/light/form-alerts.tsx';
import { LightButton } from '../../components/light/light-button.tsx';
import { LightTextField } from '../../components/light/light-text-field.tsx';
import { PageTitle } from '../../components/light/page-title.tsx';
import { addDaughter } from './api/add-daughter.ts';
import { getChildrenQueryOptions } from './api/get-children.ts';
import { problemOf, useThrottleWait } from './problems.ts';
import './family.css';

/** What is wrong with the form before it is sent, or null. */
export function letterProblem({ studentId, code, dateOfBirth }: { studentId: string; code: string; dateOfBirth: string }): string | null {
  if (!studentId.trim()) return 'Type her student ID, as the letter shows it.';
  if (normalLetterCode(code).length !== letterCodeLength) return `The code on the letter has ${letterCodeLength} letters and digits, such as K7QD-M3WX-9P.`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return 'Choose her date of birth.';
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
      await client.invalidateQueries({ queryKey: getChildrenQueryOptions().queryKey });
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
        <LightTextField label="Her date of birth" type="date" value={dateOfBirth} onChange={(event) => setDateOfBirth(event.target.value)} required />
        <LightButton type="submit" disabled={busy || wait.waiting}>
          Add Daughter
        </LightButton>
      </form>
    </div>
  );
}
