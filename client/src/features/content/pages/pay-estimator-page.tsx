import { useMemo, useState } from 'react';
import { useSearchParams } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { Head } from '@/components/ui/head';
import { PAY_ESTIMATOR_PAGE } from '@common/content/pay-estimator-page';
import { formatContentDate } from '@common/content/types';
import {
  estimatePay,
  formValuesFromQuery,
  queryFromFormValues,
  ukToday,
  validatePayForm,
  type PayField,
} from '@common/pay-estimator';
import { InlineText } from '../components/content-page-view';
import { PayEstimatorForm } from '../components/pay-estimator-form';
import { PayEstimatorResults } from '../components/pay-estimator-results';
import { CompareWithMembers } from '../components/compare-with-members';

type CopyState = 'idle' | 'copied' | 'failed';

/** The start of the second intro paragraph, shown in bold. */
const DISCLAIMER_LEAD = 'This is an estimate, not tax advice.';

/**
 * '/pay-estimator'. The address is the form's state: every change rewrites the query
 * (?vehicle=van&model=per_drop&rate=1.2…), so a result can be shared, bookmarked or reloaded.
 */
export function PayEstimatorPage() {
  const page = PAY_ESTIMATOR_PAGE;
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => formValuesFromQuery(params), [params]);
  const validation = useMemo(() => validatePayForm(values), [values]);
  const today = ukToday();
  const estimate = useMemo(() => (validation.ok ? estimatePay(validation.inputs, today) : null), [validation, today]);
  const [copy, setCopy] = useState<CopyState>('idle');

  const onChange = (field: PayField, value: string) => {
    setCopy('idle');
    setParams(queryFromFormValues({ ...values, [field]: value }), { replace: true, preventScrollReset: true });
  };

  const shareUrl = () => `${window.location.origin}${window.location.pathname}?${queryFromFormValues(values).toString()}`;
  const copyLink = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(shareUrl());
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-6 sm:py-10">
      {/* The title only, like every page: the server writes the description, canonical and social tags. */}
      <Head title={page.title} />
      <header className="grid max-w-3xl gap-3">
        <h1 className="text-3xl font-extrabold">{page.heading}</h1>
        <p>
          <InlineText text={page.intro[0]} />
        </p>
        <p role="note" className="rounded-lg border-l-4 border-accent-400 bg-accent-100 px-4 py-3">
          <strong>{DISCLAIMER_LEAD}</strong>
          <InlineText text={page.intro[1].slice(DISCLAIMER_LEAD.length)} />
        </p>
      </header>
      <div className="grid grid-cols-1 items-start gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <div className="grid gap-4 rounded-xl border border-line bg-card p-4 sm:p-6">
          {/* On a phone the results sit below a long form: one tap to them. */}
          <a href="#results-heading" className="link lg:hidden">
            Skip to your estimate
          </a>
          <PayEstimatorForm values={values} errors={validation.ok ? {} : validation.errors} onChange={onChange} />
          <div className="flex flex-wrap items-center gap-3 border-t border-line pt-4">
            <Button variant="secondary" onClick={copyLink}>
              Copy link
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setCopy('idle');
                setParams({}, { replace: true, preventScrollReset: true });
              }}
            >
              Reset to the example
            </Button>
            <span role="status" className="text-sm font-semibold">
              {copy === 'copied' ? 'Link copied' : copy === 'failed' ? 'Could not copy: copy the address from the address bar instead' : ''}
            </span>
          </div>
        </div>
        <div className="grid gap-4">
          {estimate ? (
            <PayEstimatorResults estimate={estimate} weeks={validation.ok ? validation.inputs.weeks : 1} daysPerWeek={validation.ok ? validation.inputs.days : 1} />
          ) : (
            <section aria-labelledby="results-heading" className="grid gap-3">
              <h2 id="results-heading" className="text-xl font-bold">
                Your estimate
              </h2>
              <p className="rounded-lg border-2 border-red-800 bg-card px-4 py-3">Check the highlighted answers to see your estimate.</p>
            </section>
          )}
          <CompareWithMembers />
          <p className="text-sm text-muted">
            Rates checked {formatContentDate(page.lastReviewed)}. National Living Wage and tax figures are picked by today&rsquo;s date ({formatContentDate(today)}).
          </p>
        </div>
      </div>
    </div>
  );
}
