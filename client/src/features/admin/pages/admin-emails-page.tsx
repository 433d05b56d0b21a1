import { AdminLayout } from '../components/admin-layout';

/** Being built. */
export function AdminEmailsPage() {
  return (
    <AdminLayout title="Emails">
      <p>This screen is being built.</p>
    </AdminLayout>
  );
}
