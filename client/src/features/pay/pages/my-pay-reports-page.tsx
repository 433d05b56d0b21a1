import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TPayReport } from '@common/contracts/pay';
import { VEHICLE_LABELS } from '@common/pay-estimator';
import { PAY_ENGAGEMENT_LABELS, PAY_TEXT, payNetworkName, payRegionName } from '@common/rules/pay';
import { Button, buttonClasses } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { Head } from '@/components/ui/head';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { failureText } from '@/lib/form-errors';
import { Link } from '@/lib/router';
import { getMyPayReportsQueryOptions, useDeletePayReport } from '../api/pay';
import { pounds } from '../components/pay-figure';

/** '/pay/mine' (members): your own pay reports, newest period first, to edit or delete. */
export function MyPayReportsPage() {
  const mine = useQuery(getMyPayReportsQueryOptions());
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-5 px-4 py-6 sm:py-10">
      <Head title="Your pay reports" noindex />
      <header className="grid gap-3">
        <h1 className="text-3xl font-extrabold">Your pay reports</h1>
        <p>
          Only you and the forum&rsquo;s admins see these. They count towards the Courier Pay Index for 24 months. {PAY_TEXT.afterSending}
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to="/pay/report" className={buttonClasses('primary')}>
            Report your pay
          </Link>
          <Link to="/pay" className={buttonClasses('secondary')}>
            See the index
          </Link>
        </div>
      </header>
      {mine.isPending ? (
        <p role="status">Loading your reports…</p>
      ) : mine.isError ? (
        <p role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 text-red-950">
          {errorMessage(mine.error, 'Your reports did not load. Please try again.')}
        </p>
      ) : mine.data.length === 0 ? (
        <p className="rounded-xl border-2 border-dashed border-line bg-card p-4">You have not reported any pay yet.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Your pay reports">
          {mine.data.map((r) => (
            <li key={r.id}>
              <ReportCard report={r} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const period = (r: TPayReport) => (r.periodStart === r.periodEnd ? r.periodStart : `${r.periodStart} to ${r.periodEnd}`);

/** One report: its figures, and Edit and Delete. */
function ReportCard({ report: r }: { report: TPayReport }) {
  const [confirm, setConfirm] = useState(false);
  const remove = useDeletePayReport();
  const name = payNetworkName(r.network) ?? r.network;
  const costs = r.costs.fuel + r.costs.vehicle + r.costs.insurance + r.costs.other;
  return (
    <article className="grid gap-2 rounded-xl border border-line bg-card p-4">
      <h2 className="text-lg font-bold">
        {name}: {period(r)}
      </h2>
      <p className="text-sm">
        {PAY_ENGAGEMENT_LABELS[r.engagement]} · {VEHICLE_LABELS[r.vehicle]} · {r.postcodeArea} ({payRegionName(r.region)})
      </p>
      <p className="text-sm">
        {r.hours} hours · {r.drops} drops · {r.miles} miles · {pounds(r.grossPay)} gross · {pounds(costs)} costs
      </p>
      <p>
        <strong>{pounds(r.netHourly)}</strong> an hour after costs
      </p>
      {r.outlier && (
        <p className="rounded-lg bg-accent-100 px-3 py-2 text-sm">Kept out of the index&rsquo;s figures: the net pay per hour is outside the range the index counts. Check the figures.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Link to={`/pay/report?edit=${r.id}`} className={buttonClasses('secondary', 'sm')}>
          Edit<span className="sr-only"> {name} report</span>
        </Link>
        <Button variant="danger" size="sm" onClick={() => setConfirm(true)}>
          Delete<span className="sr-only"> {name} report</span>
        </Button>
      </div>
      <Modal open={confirm} onOpenChange={(o) => !remove.isPending && setConfirm(o)} title="Delete this pay report?" description={`${name}, ${period(r)}. This cannot be undone.`}>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirm(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            aria-busy={remove.isPending || undefined}
            onClick={() =>
              remove.mutate(r.id, {
                onSuccess: () => {
                  setConfirm(false);
                  toast({ title: 'Pay report deleted', variant: 'success' });
                },
                onError: (err) => toast({ title: 'Could not delete the report', description: failureText(err), variant: 'destructive' }),
              })
            }
          >
            {remove.isPending ? 'Deleting…' : 'Delete'}
          </Button>
        </div>
      </Modal>
    </article>
  );
}
