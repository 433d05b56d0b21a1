import { useQuery } from '@tanstack/react-query';
import { payNetworkName, PAY_TEXT } from '@common/rules/pay';
import { Head } from '@/components/ui/head';
import { toast } from '@/components/ui/toast';
import { Link, useNavigate, useSearchParams } from '@/lib/router';
import { getMyPayReportsQueryOptions, useCreatePayReport, useUpdatePayReport } from '../api/pay';
import { blankValues, PayReportForm, reportValues } from '../components/pay-report-form';

/**
 * '/pay/report' (members): send a pay report, or with ?edit={id} change one of your own. The report
 * itself is never shown to anyone but you and the admins; the index shows only aggregates.
 */
export function PayReportPage() {
  const [params] = useSearchParams();
  const editId = Number(params.get('edit')) || null;
  const navigate = useNavigate();
  const create = useCreatePayReport();
  const update = useUpdatePayReport();
  const mine = useQuery({ ...getMyPayReportsQueryOptions(), enabled: editId !== null });
  const editing = editId !== null ? mine.data?.find((r) => r.id === editId) : undefined;

  const done = (title: string) => {
    toast({ title, variant: 'success' });
    navigate('/pay/mine');
  };

  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-5 px-4 py-6 sm:py-10">
      <Head title={editId ? 'Edit your pay report' : 'Report your pay'} noindex />
      <header className="grid gap-2">
        <h1 className="text-3xl font-extrabold">{editId ? 'Edit your pay report' : 'Report your pay'}</h1>
        <p>
          One day or one week you worked, for one network. Only you and the forum&rsquo;s admins ever see this report; the{' '}
          <Link className="link" to="/pay">
            Courier Pay Index
          </Link>{' '}
          publishes only figures that rest on at least five members&rsquo; reports, each member counted once, and keeps only the area of your postcode.{' '}
          {PAY_TEXT.afterSending}
        </p>
      </header>
      {editId === null ? (
        <PayReportForm
          initial={blankValues(params.get('network'))}
          submitLabel="Send report"
          pending={create.isPending}
          onSubmit={(body) => create.mutateAsync(body as Parameters<typeof create.mutateAsync>[0]).then(() => done('Thanks: your pay report is in'))}
        />
      ) : mine.isPending ? (
        <p role="status">Loading your report…</p>
      ) : !editing ? (
        <p role="alert">
          That report was not found.{' '}
          <Link className="link" to="/pay/mine">
            Your reports
          </Link>
        </p>
      ) : (
        <PayReportForm
          key={editing.id}
          initial={reportValues(editing)}
          existingArea={editing.postcodeArea}
          submitLabel={`Save ${payNetworkName(editing.network) ?? ''} report`}
          pending={update.isPending}
          onSubmit={(body) => update.mutateAsync({ id: editing.id, body }).then(() => done('Your pay report is saved'))}
        />
      )}
    </div>
  );
}
