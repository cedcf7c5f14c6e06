import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** `/admin/dashboard`: the admin area; its student table and menu arrive with the admin-area work. */
export default function AdminDashboardPage() {
  return <PlaceholderPage title="Admin Dashboard" />;
}
