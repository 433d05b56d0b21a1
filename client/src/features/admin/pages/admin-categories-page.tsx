import { AdminLayout } from '../components/admin-layout';

/** Being built. */
export function AdminCategoriesPage() {
  return (
    <AdminLayout title="Categories">
      <p>This screen is being built.</p>
    </AdminLayout>
  );
}
