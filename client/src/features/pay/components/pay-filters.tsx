import { useId } from 'react';
import { VEHICLES, VEHICLE_LABELS, type Vehicle } from '@common/pay-estimator';
import { PAY_REGIONS, type TPayRegion } from '@common/rules/pay';
import { inputClasses } from '@/components/ui/form-field';
import { useSearchParams } from '@/lib/router';

/** ?region= and ?vehicle= of the index pages, read safely (anything unknown is "all"). */
export function usePayFilters() {
  const [params, setParams] = useSearchParams();
  const region = PAY_REGIONS.some((r) => r.slug === params.get('region')) ? (params.get('region') as TPayRegion) : undefined;
  const vehicle = (VEHICLES as readonly string[]).includes(params.get('vehicle') ?? '') ? (params.get('vehicle') as Vehicle) : undefined;
  const set = (key: 'region' | 'vehicle', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true, preventScrollReset: true });
  };
  return { region, vehicle, set };
}

/** The region and vehicle filters: plain selects, so they work on any phone and with a keyboard. */
export function PayFilters({ filters }: { filters: ReturnType<typeof usePayFilters> }) {
  const id = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-2" role="group" aria-label="Filter the figures">
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-region`} className="font-semibold">
          Region
        </label>
        <select id={`${id}-region`} className={inputClasses} value={filters.region ?? ''} onChange={(e) => filters.set('region', e.target.value)}>
          <option value="">All regions</option>
          {PAY_REGIONS.map((r) => (
            <option key={r.slug} value={r.slug}>
              {r.name}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-vehicle`} className="font-semibold">
          Vehicle
        </label>
        <select id={`${id}-vehicle`} className={inputClasses} value={filters.vehicle ?? ''} onChange={(e) => filters.set('vehicle', e.target.value)}>
          <option value="">All vehicles</option>
          {VEHICLES.map((v) => (
            <option key={v} value={v}>
              {VEHICLE_LABELS[v]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
