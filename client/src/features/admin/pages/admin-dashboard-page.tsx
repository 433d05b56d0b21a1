import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { getDashboardQueryOptions } from '../api/dashboard';
import { AdminLayout } from '../components/admin-layout';
import { AuditList } from '../components/audit-list';
import { DashboardBackups } from '../components/dashboard-backups';
import { DashboardDisk } from '../components/dashboard-disk';
import { DashboardJobs } from '../components/dashboard-jobs';
import { DashboardMaintenance } from '../components/dashboard-maintenance';
import { DashboardRecent } from '../components/dashboard-recent';
import { DashboardStats } from '../components/dashboard-stats';

/** /admin: the site's figures, the newest members and posts, the maintenance switch, backups, background jobs, recent admin actions. */
export function AdminDashboardPage() {
  const q = useQuery(getDashboardQueryOptions());
  return (
    <AdminLayout title="Dashboard">
      {q.isPending ? (
        <Spinner label="Loading dashboard" />
      ) : q.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 rounded-xl border-2 border-red-300 bg-red-50 p-4">
          <p className="font-semibold">Unable to load the dashboard. {errorMessage(q.error)}</p>
          <Button variant="secondary" size="sm" onClick={() => void q.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <>
          <DashboardStats data={q.data} />
          <DashboardDisk disk={q.data.disk} />
          <DashboardRecent data={q.data} />
          <div className="grid gap-4 md:grid-cols-2">
            <div className="grid content-start gap-4">
              <DashboardMaintenance current={q.data.maintenance} />
              <DashboardBackups />
              <DashboardJobs />
            </div>
            <section aria-label="Recent admin actions" className="grid content-start gap-2 rounded-xl border-2 border-line bg-card p-4">
              <h2 className="text-lg font-bold">Recent admin actions</h2>
              <AuditList limit={10} />
            </section>
          </div>
        </>
      )}
    </AdminLayout>
  );
}
