import { AdminLayout } from '../components/admin-layout';

/** Being built. */
export function AdminDashboardPage() {
  return (
    <AdminLayout title="Dashboard">
      <p>This screen is being built.</p>
    </AdminLayout>
  );
}
