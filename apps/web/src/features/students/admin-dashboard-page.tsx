import { PageTitle } from '../../components/page-title.tsx';
import { SignInAlerts } from './components/sign-in-alerts.tsx';
import { StudentsTable } from './components/students-table.tsx';

/** `/admin/dashboard` (SPEC §2): the students table with its row actions, under any sign-in alert. */
export default function AdminDashboardPage() {
  return (
    <>
      <PageTitle>Admin Dashboard</PageTitle>
      <SignInAlerts />
      <StudentsTable />
    </>
  );
}
