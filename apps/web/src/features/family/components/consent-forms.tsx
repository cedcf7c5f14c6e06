import { consentAnswerLabels, consentLimits, consentMessages, typedNameProblem, type ConsentAnswer } from '@school/contract/consents';
import { useId, useState, type FormEvent } from 'react';
import { useSchoolTimeZone } from '../../../api/get-school-config.ts';
import { FormAlerts } from '../../../components/light/form-alerts.tsx';
import { LightAlert } from '../../../components/light/light-alert.tsx';
import { LightButton } from '../../../components/light/light-button.tsx';
import { LightRadioGroup } from '../../../components/light/light-radio.tsx';
import { LightSpinner } from '../../../components/light/light-spinner.tsx';
import { LightTextField } from '../../../components/light/light-text-field.tsx';
import { failureMessage, LoadFailed } from '../../../components/light/load-failed.tsx';
import { formatDay, formatSchoolTime } from '../../../lib/format-day.ts';
import { useAnswerConsent } from '../api/answer-consent.ts';
import { useConsents, type GuardianConsent } from '../api/get-consents.ts';
import { problemOf } from '../problems.ts';

/** Names in a sentence: 'Amelia', 'Amelia and Zoe'. */
const inWords = (names: string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** By when she may answer, and for whom. */
function aboutLine(consent: GuardianConsent): string {
  const names = consent.students.map((student) => student.first_name ?? student.student_id);
  const forWhom = consent.students.length > 1 ? `One answer for ${inWords(names)}` : `For ${names[0] ?? 'your daughter'}`;
  const by = consent.closes_on ? `answer by ${formatDay(consent.closes_on)}` : `answer while ${names[0] ?? 'her'}’s registration is open`;
  return `${forWhom} · ${by}`;
}

const answerOptions = (['agree', 'disagree'] as const).map((value) => ({ value, label: consentAnswerLabels[value] }));

/** The answer she gives or changes: I agree or I do not agree, signed with her typed name. */
function AnswerForm({ consent, onDone, onCancel }: { consent: GuardianConsent; onDone: (message: string) => void; onCancel?: () => void }) {
  const id = useId();
  const answering = useAnswerConsent();
  const [answer, setAnswer] = useState<ConsentAnswer | ''>('');
  const [typedName, setTypedName] = useState('');
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function send(event: FormEvent) {
    event.preventDefault();
    const problem = typedNameProblem(typedName);
    setNameProblem(problem);
    setError(answer === '' ? consentMessages.chooseAnswer : problem);
    if (answer === '' || problem) return;
    try {
      const answered = await answering.mutateAsync({
        formId: consent.form_id,
        answer: {
          answer,
          typed_name: typedName,
          ...(consent.student_id ? { student_id: consent.student_id } : {}),
          ...(consent.answer ? { replaces: consent.answer.id } : {}),
        },
      });
      onDone(answered.message);
    } catch (caught) {
      setError(problemOf(caught, 'Your answer could not be sent just now. Please try again.'));
    }
  }

  return (
    <form className="light-stack family-consent-form" onSubmit={send} noValidate>
      <FormAlerts error={error} />
      <LightRadioGroup id={`${id}-answer`} label="Your answer" value={answer} options={answerOptions} onChange={(value) => setAnswer(value as ConsentAnswer)} />
      <LightTextField
        label="Type your full name to sign"
        value={typedName}
        onChange={(event) => setTypedName(event.target.value)}
        autoComplete="name"
        maxLength={consentLimits.typedName}
        helperText={nameProblem ?? 'Typing your name signs your answer, as on paper.'}
        error={nameProblem !== null}
        required
      />
      <div className="family-consent-actions">
        <LightButton type="submit" disabled={answering.isPending}>
          Send My Answer
        </LightButton>
        {onCancel && (
          <button type="button" className="family-button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/** One form: its words, then her answer standing (with the way to change it) or the answer to give. */
function ConsentCard({ consent, timeZone }: { consent: GuardianConsent; timeZone: string }) {
  const titleId = useId();
  const [changing, setChanging] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const answer = consent.answer;
  const finish = (message: string) => {
    setChanging(false);
    setDone(message);
  };
  return (
    <article className="light-surface family-consent" aria-labelledby={titleId}>
      <h3 id={titleId} className="light-heading">
        {consent.title}
      </h3>
      <p className="light-small light-secondary">{aboutLine(consent)}</p>
      <div className="family-consent-text">{consent.text}</div>
      {done && (
        <LightAlert severity="success" role="status">
          {done}
        </LightAlert>
      )}
      {answer && !changing ? (
        <>
          <LightAlert severity={answer.answer === 'agree' ? 'success' : 'info'} title={answer.answer === 'agree' ? 'You agreed' : 'You did not agree'}>
            Signed “{answer.typed_name}” on {formatSchoolTime(answer.answered_at, timeZone)}.
            {answer.version < consent.version &&
              ' The school changed the words after you answered: your answer stands for the words you read then. Answer again to answer the words above.'}
          </LightAlert>
          <div className="family-consent-actions">
            <button
              type="button"
              className="family-button"
              onClick={() => {
                setDone(null);
                setChanging(true);
              }}
            >
              Change My Answer
            </button>
          </div>
        </>
      ) : (
        <AnswerForm consent={consent} onDone={finish} onCancel={answer ? () => setChanging(false) : undefined} />
      )}
    </article>
  );
}

/**
 * The consent forms about one daughter on her page (decision 067): each open form of her class (one
 * answered once for all her daughters shows on each of their pages), and the year's registration
 * agreement while the school asks for it; nothing when there is none.
 */
export function ConsentForms({ studentId, firstName }: { studentId: string; firstName: string }) {
  const timeZone = useSchoolTimeZone();
  const { data, error, isPending, refetch } = useConsents();
  if (error) return <LoadFailed message={failureMessage(error, 'The consent forms could not be loaded just now.')} onRetry={() => void refetch()} />;
  if (isPending) return <LightSpinner label="Loading the consent forms" />;
  const hers = data.filter((consent) => consent.students.some((student) => student.student_id === studentId));
  if (hers.length === 0) return null;
  const waiting = hers.filter((consent) => !consent.answer).length;
  return (
    <section className="family-section" aria-labelledby="family-consents">
      <h2 id="family-consents" className="light-title">
        Consent Forms
      </h2>
      <p className="light-text light-secondary family-consents-intro">
        {waiting > 0
          ? `The school asks for your answer about ${firstName}${waiting > 1 ? ` on ${waiting} forms` : ''}.`
          : `You have answered every form about ${firstName}. You can change an answer until its form closes.`}
      </p>
      <div className="light-stack">
        {hers.map((consent) => (
          <ConsentCard key={`${consent.form_id}-${consent.student_id ?? 'all'}`} consent={consent} timeZone={timeZone} />
        ))}
      </div>
    </section>
  );
}
