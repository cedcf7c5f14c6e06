import {
  contactChangeDecisionLabel,
  contactChangeFields,
  contactChangeMessages,
  contactChangeStatusLabels,
  emergencyContactFields,
  shownContactValue,
} from '@school/contract/contact-changes';
import type { GuardianRelationship } from '@school/contract/guardians';
import { phoneDigits, phonePrefix } from '@school/contract/limits';
import type { FieldDef } from '@school/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ClipboardEvent, type FormEvent } from 'react';
import { Link, Navigate, useParams } from '../../lib/router/index.ts';
import { useSchoolTimeZone } from '../../api/get-school-config.ts';
import { ApiError } from '../../api/client.ts';
import { LightAlert } from '../../components/light/light-alert.tsx';
import { LightButton } from '../../components/light/light-button.tsx';
import { LightFormField } from '../../components/light/light-form.tsx';
import { acceptDigitKeys, pasteDigits } from '../../components/light/light-form-digits.ts';
import { LightSpinner } from '../../components/light/light-spinner.tsx';
import { failureMessage, LoadFailed } from '../../components/light/load-failed.tsx';
import { PageTitle } from '../../components/light/page-title.tsx';
import { formatSchoolTime } from '../../lib/format-day.ts';
import { useChildren, type GuardianChild } from './api/get-children.ts';
import { getContactChangesQueryOptions, useContactChanges, type FamilyContactChange } from './api/get-contact-changes.ts';
import { sendContactChange } from './api/send-contact-change.ts';
import { problemOf } from './problems.ts';
import './family.css';

/** The parent section her link names, as a heading says it. */
const yourSection: Record<Exclude<GuardianRelationship, 'other'>, string> = {
  mother: 'Your details as her mother',
  father: 'Your details as her father',
  guardian: 'Your details as her guardian',
};

const fieldId = (name: string) => `contact-${name}`;

/** One field of hers, empty until she types a new value: a phone is seven digits after the fixed 1868. */
function ContactField({ field, value, error, onChange }: { field: FieldDef; value: string; error: string | undefined; onChange: (value: string) => void }) {
  const phone = field.kind === 'phone';
  const maxLength = phone ? phoneDigits : field.max;
  return (
    <LightFormField id={fieldId(field.name)} label={field.label} error={Boolean(error)} helperText={error ?? ' '} prefix={phone ? phonePrefix : undefined}>
      {(control) => (
        <input
          {...control}
          value={value}
          maxLength={maxLength}
          type={field.kind === 'email' ? 'email' : phone ? 'tel' : 'text'}
          inputMode={phone ? 'numeric' : field.kind === 'email' ? 'email' : undefined}
          autoComplete="off"
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={phone ? acceptDigitKeys : undefined}
          onPaste={phone ? (event: ClipboardEvent<HTMLInputElement>) => pasteDigits(event, phoneDigits, onChange) : undefined}
        />
      )}
    </LightFormField>
  );
}

/**
 * The form of new values: her own section's contact details (by her link) and the emergency
 * contact, every field empty, since she does not read the record (decision 063); what she types is
 * sent for the school office to answer, each value judged by the record's own rule on the server.
 */
function ChangeForm({ child }: { child: GuardianChild }) {
  const client = useQueryClient();
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // The answer shows above the form, far from the button on a phone: focus goes to it, which brings it into view.
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => answer.current?.focus(), [alert]);
  const firstName = child.first_name ?? 'your daughter';
  const own = child.relationship === 'other' ? [] : contactChangeFields(child.relationship).filter((field) => field.section !== 'Emergency Contact');
  const sections = [
    ...(child.relationship === 'other' ? [] : [{ id: 'contact-own', title: yourSection[child.relationship], fields: own }]),
    { id: 'contact-emergency', title: 'Emergency contact', fields: emergencyContactFields },
  ];

  const change = (name: string, value: string) => {
    setValues((before) => ({ ...before, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };

  async function send(event: FormEvent) {
    event.preventDefault();
    const changes = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
    if (Object.keys(changes).length === 0) return setAlert({ severity: 'error', text: contactChangeMessages.nothingGiven });
    setBusy(true);
    setAlert(null);
    try {
      const answer = await sendContactChange({ student_id: child.student_id, changes });
      setValues({});
      setErrors({});
      setAlert({ severity: 'success', text: answer.message });
      await client.invalidateQueries({ queryKey: getContactChangesQueryOptions().queryKey });
    } catch (caught) {
      const refused = caught instanceof ApiError && caught.status === 422 ? caught.body : undefined;
      if (refused?.errors) setErrors(Object.fromEntries(Object.entries(refused.errors).map(([name, list]) => [name, list[0] ?? ''])));
      setAlert({ severity: 'error', text: refused ? refused.message : problemOf(caught, 'Your changes could not be sent just now. Please try again.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="lf-stack family-form family-contact-form" onSubmit={send} noValidate>
      <p className="light-text light-secondary">
        Type only what has changed, and leave the rest empty. The school office checks each change before it is written to the record of {firstName}.
      </p>
      {alert && (
        <LightAlert focusRef={answer} severity={alert.severity} variant={alert.severity === 'error' ? 'outlined' : undefined}>
          {alert.text}
        </LightAlert>
      )}
      {sections.map((section) => (
        <section key={section.id} className="lf-card lf-stack" aria-labelledby={section.id}>
          <h2 id={section.id}>{section.title}</h2>
          {section.fields.map((field) => (
            <ContactField
              key={field.name}
              field={field}
              value={values[field.name] ?? ''}
              error={errors[field.name]}
              onChange={(value) => change(field.name, value)}
            />
          ))}
        </section>
      ))}
      <div>
        <LightButton type="submit" disabled={busy}>
          Send to the School Office
        </LightButton>
      </div>
    </form>
  );
}

/** The changes she sent for this daughter, newest first: each one's state, and each field's value and decision. */
function SentChanges({ studentId }: { studentId: string }) {
  const timeZone = useSchoolTimeZone();
  const { data, error, isPending, refetch } = useContactChanges();
  const changes = (data ?? []).filter((change) => change.student_id === studentId);
  return (
    <section className="family-section" aria-labelledby="contact-sent">
      <h2 id="contact-sent" className="light-title">
        Changes You Sent
      </h2>
      {error && <LoadFailed message={failureMessage(error, 'Your changes could not be loaded just now.')} onRetry={() => void refetch()} />}
      {isPending && <LightSpinner label="Loading your changes" />}
      {data && changes.length === 0 && <p className="light-text light-secondary">You have sent no changes for her yet.</p>}
      {changes.length > 0 && (
        <ul className="family-changes" aria-label="Changes you sent">
          {changes.map((change) => (
            <SentChange key={change.id} change={change} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SentChange({ change, timeZone }: { change: FamilyContactChange; timeZone: string }) {
  return (
    <li className="light-surface" data-change={change.id}>
      <p className="light-heading family-change-state">{contactChangeStatusLabels[change.status]}</p>
      <p className="light-small light-secondary">
        Sent {formatSchoolTime(change.created_at, timeZone)}
        {change.answered_at ? ` · answered ${formatSchoolTime(change.answered_at, timeZone)}` : ''}
      </p>
      <dl className="family-change-fields">
        {change.fields.map((field) => (
          <div key={field.field}>
            <dt>{field.label}</dt>
            <dd>
              <span className="family-wrap">{shownContactValue(field.field, field.proposed)}</span>
              {change.status !== 'replaced' && <span className="light-small light-secondary"> · {contactChangeDecisionLabel(field.decision)}</span>}
            </dd>
          </div>
        ))}
      </dl>
      {change.note && <p className="light-text family-wrap">Note from the school office: {change.note}</p>}
    </li>
  );
}

/**
 * `/family/:studentId/details`: her own contact details in a daughter's record (decision 066). She
 * types new values for her parent section and the emergency contact and sends them to the school
 * office, and sees each change she sent with its state. A daughter not linked to her goes back to
 * her daughters.
 */
export default function ContactDetailsPage() {
  const { studentId } = useParams();
  const { data: children, error, isPending, refetch } = useChildren();
  if (error) return <LoadFailed message={failureMessage(error, 'Your daughters could not be loaded just now.')} onRetry={() => void refetch()} />;
  if (isPending) return <LightSpinner label="Loading your daughters" centred />;
  const child = children.find((each) => each.student_id === studentId);
  if (!child) return <Navigate to="/family" replace />;
  return (
    <div>
      <PageTitle>My Contact Details</PageTitle>
      <ChangeForm key={child.student_id} child={child} />
      <SentChanges studentId={child.student_id} />
      <Link className="light-link family-link" to={`/family/${encodeURIComponent(child.student_id)}`}>
        Back to {child.first_name ?? 'her page'}
      </Link>
    </div>
  );
}
