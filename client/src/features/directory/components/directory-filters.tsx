import { useId, type ReactNode } from 'react';
import { COURIER_NETWORKS, COURIER_VEHICLES, courierVehicleLabel, POSTCODE_AREAS } from '@common/rules/courier';
import { inputClasses } from '@/components/ui/form-field';
import type { DirectoryFilter, DirectoryState } from '../lib/directory-url-state';

type Props = {
  value: Pick<DirectoryState, DirectoryFilter>;
  onChange: (change: Partial<Pick<DirectoryState, DirectoryFilter>>) => void;
};

/**
 * Issue 32: narrow the directory by what members show other members of their courier profile. Native
 * selects, as Sort By; a field a member keeps to themselves is never matched (the server's rule).
 */
export function DirectoryFilters({ value, onChange }: Props) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <FilterSelect label="Network" value={value.network} onChange={(network) => onChange({ network })}>
        <option value="">Any network</option>
        {COURIER_NETWORKS.map((n) => (
          <option key={n.slug} value={n.slug}>
            {n.name}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Area" value={value.area} onChange={(area) => onChange({ area })}>
        <option value="">Any area</option>
        {POSTCODE_AREAS.map((a) => (
          <option key={a} value={a}>
            {a}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Vehicle" value={value.vehicle} onChange={(vehicle) => onChange({ vehicle })}>
        <option value="">Any vehicle</option>
        {COURIER_VEHICLES.map((v) => (
          <option key={v} value={v}>
            {courierVehicleLabel(v)}
          </option>
        ))}
      </FilterSelect>
    </div>
  );
}

function FilterSelect({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1.5">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)} className={inputClasses}>
        {children}
      </select>
    </div>
  );
}
