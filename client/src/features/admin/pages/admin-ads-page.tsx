import { AdminLayout } from '../components/admin-layout';

/** Being built. */
export function AdminAdsPage() {
  return (
    <AdminLayout title="Ads">
      <p>This screen is being built.</p>
    </AdminLayout>
  );
}
