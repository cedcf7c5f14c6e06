import { useSchoolTimeZone } from '../../../api/get-school-config.ts';
import { useSession } from '../../../api/get-session.ts';
import { LightAlert } from '../../../components/light/light-alert.tsx';
import { formatSchoolTime } from '../../../lib/format-day.ts';
import { useIdle } from '../../../lib/use-idle.ts';
import { useGuardianAgreement } from '../api/get-guardian-agreement.ts';

/**
 * On the Complete step, while the school asks for it (decision 067): whether a parent or guardian
 * linked to her agreed to this year's registration in the parents' portal, by whom and when.
 * Nothing while the school does not ask. Asked once the step above it is painted: at the foot of
 * the step, it is no reason to put off a phone's first paint of the rest (issue 54).
 */
export function GuardianAgreement() {
  const { data: session } = useSession();
  const timeZone = useSchoolTimeZone();
  const painted = useIdle();
  const { data, error } = useGuardianAgreement(painted ? (session?.userID ?? '') : '');
  if (error)
    return (
      <LightAlert severity="warning" role="status">
        Whether a parent agreed to your registration could not be loaded just now.
      </LightAlert>
    );
  if (!data?.asked) return null;
  const agreed = data.answers.filter((answer) => answer.answer === 'agree');
  return (
    <section className="lf-card" aria-labelledby="guardian-agreement-title">
      <h2 id="guardian-agreement-title" className="lf-titled">
        Your Parent’s Agreement
      </h2>
      {data.given ? (
        <LightAlert severity="success" title={`A parent agreed to your registration for ${data.academic_year}`}>
          {agreed
            .map(
              (answer) =>
                `${answer.guardian_name}${answer.relationship ? ` (your ${answer.relationship})` : ''} agreed on ${formatSchoolTime(answer.answered_at, timeZone)}.`,
            )
            .join(' ')}
        </LightAlert>
      ) : (
        <LightAlert severity="info" title="Not given yet">
          The school also asks a parent or guardian linked to you in the parents’ portal to agree to your registration for {data.academic_year}. They answer
          there, on your page.
        </LightAlert>
      )}
    </section>
  );
}
