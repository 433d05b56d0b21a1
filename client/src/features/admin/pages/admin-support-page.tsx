import { AdminLayout } from '../components/admin-layout';

/** Being built. */
export function AdminSupportPage() {
  return (
    <AdminLayout title="Support">
      <p>This screen is being built.</p>
    </AdminLayout>
  );
}
