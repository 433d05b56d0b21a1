import { useId, useState } from 'react';
import { PAY_NETWORKS, PAY_REGIONS } from '@common/rules/pay';
import { inputClasses } from '@/components/ui/form-field';
import { Link } from '@/lib/router';

/**
 * The pay estimator's way into the Courier Pay Index: choose a network (and a region) and compare
 * the estimate with what members report for it. A link only: the estimator stays a calculation
 * that needs no server, and the index page shows the figure with its privacy rules.
 */
export function CompareWithMembers() {
  const id = useId();
  const [network, setNetwork] = useState('');
  const [region, setRegion] = useState('');
  const href = network ? `/pay/${network}${region ? `?region=${region}` : ''}` : null;
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-xl border border-line bg-card p-4">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Compare with what members report
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-network`} className="font-semibold">
            Network
          </label>
          <select id={`${id}-network`} className={inputClasses} value={network} onChange={(e) => setNetwork(e.target.value)}>
            <option value="">Choose…</option>
            {PAY_NETWORKS.map((n) => (
              <option key={n.slug} value={n.slug}>
                {n.name}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-region`} className="font-semibold">
            Region
          </label>
          <select id={`${id}-region`} className={inputClasses} value={region} onChange={(e) => setRegion(e.target.value)}>
            <option value="">All regions</option>
            {PAY_REGIONS.map((r) => (
              <option key={r.slug} value={r.slug}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {href ? (
        <Link className="link font-semibold" to={href}>
          Compare with what members report for {PAY_NETWORKS.find((n) => n.slug === network)?.name}
        </Link>
      ) : (
        <p className="text-sm text-muted">
          Choose a network to see members&rsquo; real net pay per hour in the{' '}
          <Link className="link" to="/pay">
            Courier Pay Index
          </Link>
          .
        </p>
      )}
    </section>
  );
}
