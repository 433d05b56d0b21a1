import {
  COURIER_FACT_LABELS,
  courierEngagementLabel,
  courierNetworkName,
  courierVehicleLabel,
  type TCourierFacts,
  type TCourierField,
} from '@common/rules/courier';

const yearsText = (n: number) => (n === 1 ? '1 year' : `${n} years`);

/** Each fact the reader may see, in the profile's order, as label and words. */
function factRows(f: TCourierFacts): { field: TCourierField; value: string }[] {
  const rows: { field: TCourierField; value: string }[] = [];
  if (f.networks?.length) rows.push({ field: 'networks', value: f.networks.map(courierNetworkName).join(', ') });
  if (f.vehicle) rows.push({ field: 'vehicle', value: courierVehicleLabel(f.vehicle) });
  if (f.area) rows.push({ field: 'area', value: f.area });
  if (f.yearsOnRoad !== undefined) rows.push({ field: 'yearsOnRoad', value: yearsText(f.yearsOnRoad) });
  if (f.engagement) rows.push({ field: 'engagement', value: courierEngagementLabel(f.engagement) });
  return rows;
}

/**
 * Issue 32: what a member's courier profile shows this reader, as a small definition list (the server
 * sends only the fields set and shown to them). Nothing when there is nothing.
 */
export function CourierFacts({ facts }: { facts: TCourierFacts | undefined }) {
  const rows = facts ? factRows(facts) : [];
  if (rows.length === 0) return null;
  return (
    <div className="mt-1 grid gap-1">
      <h2 className="text-sm font-bold">Courier profile</h2>
      <dl className="grid gap-1.5 text-sm">
        {rows.map((r) => (
          // Label beside its words where there is room; above them on a phone or with large text.
          <div key={r.field} className="grid gap-x-3 sm:grid-cols-[9rem_minmax(0,1fr)]">
            <dt className="text-muted">{COURIER_FACT_LABELS[r.field]}</dt>
            <dd className="font-semibold break-words">{r.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
