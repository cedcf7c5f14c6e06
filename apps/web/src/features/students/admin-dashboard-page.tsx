import { PageTitle } from '../../components/page-title.tsx';
import { StudentsTable } from './components/students-table.tsx';

/** `/admin/dashboard` (SPEC §2): the students table with its row actions. */
export default function AdminDashboardPage() {
  return (
    <>
      <PageTitle>Admin Dashboard</PageTitle>
      <StudentsTable />
    </>
  );
}
