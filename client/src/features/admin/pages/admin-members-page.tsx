import { AdminLayout } from '../components/admin-layout';

/** Being built. */
export function AdminMembersPage() {
  return (
    <AdminLayout title="Members">
      <p>This screen is being built.</p>
    </AdminLayout>
  );
}
