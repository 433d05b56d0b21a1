import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { professionLabel, professionSummary, searchSummary } from '../lib/summary';

type Props = { q: string; profession: string; totalCount: number; onRemoveProfession: () => void; onClearFilters: () => void };

/**
 * Spec §2 summary lines: 'Found N result(s) for "q"' / 'No results found for "q"' for a search,
 * 'N post(s) from {profession} professionals' for a profession filter.
 */
export function ListSummary({ q, profession, totalCount, onRemoveProfession, onClearFilters }: Props) {
  if (!q && !profession) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2" aria-live="polite">
      <div className="grid min-w-0 flex-1 basis-60 gap-0.5">
        {q && <p className="font-semibold">{searchSummary(totalCount, q)}</p>}
        {profession && <p className={q ? 'text-sm text-muted' : 'font-semibold'}>{professionSummary(totalCount, profession)}</p>}
      </div>
      {profession && q && (
        <Button variant="secondary" size="sm" onClick={onRemoveProfession} aria-label={`Remove filter: ${professionLabel(profession)} professionals`}>
          {professionLabel(profession)} <X aria-hidden="true" className="size-4" />
        </Button>
      )}
      <Button variant="secondary" size="sm" onClick={onClearFilters}>
        Clear filters
      </Button>
    </div>
  );
}
