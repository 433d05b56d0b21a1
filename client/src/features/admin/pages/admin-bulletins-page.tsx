import { AdminLayout } from '../components/admin-layout';

/** Being built. */
export function AdminBulletinsPage() {
  return (
    <AdminLayout title="Bulletins">
      <p>This screen is being built.</p>
    </AdminLayout>
  );
}
