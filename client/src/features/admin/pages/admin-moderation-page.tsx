import { AdminLayout } from '../components/admin-layout';

/** Being built. */
export function AdminModerationPage() {
  return (
    <AdminLayout title="Moderation">
      <p>This screen is being built.</p>
    </AdminLayout>
  );
}
