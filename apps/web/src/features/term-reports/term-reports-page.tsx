import { useSession } from '../../api/get-session.ts';
import { LightProgress } from '../../components/light/light-progress.tsx';
import { TermReportList } from './components/term-report-list.tsx';

/** `/term-reports` (SPEC §2): the signed-in student's term reports. */
export default function TermReportsPage() {
  const { data: session } = useSession();
  if (!session?.userID) return <LightProgress label="Loading" />;
  return <TermReportList studentId={session.userID} />;
}
