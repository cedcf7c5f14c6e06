import { useSession } from '../../api/get-session.ts';
import { LightSpinner } from '../../components/light/light-spinner.tsx';
import { TermReportList } from '../../components/light/term-report-list.tsx';

/** `/term-reports` (SPEC §2): the signed-in student's term reports. */
export default function TermReportsPage() {
  const { data: session } = useSession();
  if (!session?.userID) return <LightSpinner label="Loading" />;
  return <TermReportList studentId={session.userID} />;
}
