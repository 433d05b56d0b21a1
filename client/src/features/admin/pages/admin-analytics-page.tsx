import { AdminLayout } from '../components/admin-layout';

/** Being built. */
export function AdminAnalyticsPage() {
  return (
    <AdminLayout title="Analytics">
      <p>This screen is being built.</p>
    </AdminLayout>
  );
}
