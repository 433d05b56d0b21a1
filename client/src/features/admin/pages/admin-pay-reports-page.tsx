import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TAdminPayReport } from '@common/contracts/pay';
import { VEHICLE_LABELS } from '@common/pay-estimator';
import { payNetworkName } from '@common/rules/pay';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { failureText } from '@/lib/form-errors';
import { getAdminPayReportsQueryOptions, useRemovePayReport } from '../api/pay-reports';
import { AdminLayout } from '../components/admin-layout';
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog';

const pounds = (n: number) => `£${n.toFixed(2)}`;

/** /admin/pay-reports: every Courier Pay Index report (the latest 500), outliers marked, to remove one. */
export function AdminPayReportsPage() {
  const list = useQuery(getAdminPayReportsQueryOptions());
  const outliers = list.data?.filter((r) => r.outlier).length ?? 0;
  return (
    <AdminLayout title="Pay reports">
      <p className="text-sm text-muted">
        Members&rsquo; reports to the Courier Pay Index, newest first. Outliers are kept out of the published figures. Remove a report that is plainly wrong.
      </p>
      {list.isPending ? (
        <p role="status">Loading pay reports…</p>
      ) : list.isError ? (
        <p role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 text-red-950">
          {errorMessage(list.error, 'Pay reports did not load.')}
        </p>
      ) : list.data.length === 0 ? (
        <p className="rounded-xl border-2 border-dashed border-line bg-card p-4">No pay reports yet.</p>
      ) : (
        <>
          <p>
            {list.data.length} reports, {outliers} outliers.
          </p>
          <ul className="grid gap-2">
            {list.data.map((r) => (
              <PayReportRow key={r.id} report={r} />
            ))}
          </ul>
        </>
      )}
    </AdminLayout>
  );
}

function PayReportRow({ report: r }: { report: TAdminPayReport }) {
  const [confirm, setConfirm] = useState(false);
  const remove = useRemovePayReport();
  const name = payNetworkName(r.network) ?? r.network;
  const period = r.periodStart === r.periodEnd ? r.periodStart : `${r.periodStart} to ${r.periodEnd}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-line bg-card p-3">
      <div className="grid gap-0.5 text-sm">
        <p className="font-semibold">
          {name} · {period} · {r.author.username}
          {r.outlier && <span className="ml-2 rounded bg-accent-100 px-1.5 py-0.5 text-xs font-bold">Outlier</span>}
        </p>
        <p>
          {r.postcodeArea} · {VEHICLE_LABELS[r.vehicle]} · {r.hours} h · {pounds(r.grossPay)} gross · <strong>{pounds(r.netHourly)}/h net</strong>
        </p>
      </div>
      <Button variant="danger" size="sm" onClick={() => setConfirm(true)}>
        Remove<span className="sr-only"> the {name} report by {r.author.username}</span>
      </Button>
      <ConfirmDeleteDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Remove this pay report?"
        description={`${name}, ${period}, by ${r.author.username}. It leaves the index at once.`}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(r.id, {
            onSuccess: () => {
              setConfirm(false);
              toast({ title: 'Pay report removed', variant: 'success' });
            },
            onError: (err) => toast({ title: 'Could not remove the report', description: failureText(err), variant: 'destructive' }),
          })
        }
      />
    </li>
  );
}
