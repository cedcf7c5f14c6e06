import { PageTitle } from '../../components/light/page-title.tsx';
import { useMay } from '../../lib/use-may.ts';
import { ExportAlerts } from './components/export-alerts.tsx';
import { SignInAlerts } from './components/sign-in-alerts.tsx';
import { StudentsTable } from './components/students-table.tsx';

/** `/admin/dashboard` (SPEC §2): the students table with its row actions, under any sign-in or export alert (for admins). */
export default function AdminDashboardPage() {
  const may = useMay();
  return (
    <>
      <PageTitle>Admin Dashboard</PageTitle>
      {may('staff') && <SignInAlerts />}
      {may('staff') && <ExportAlerts />}
      <StudentsTable />
    </>
  );
}
