import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import { SquarePen } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { ListFilters } from './list-filters';
import { SearchForm } from './search-form';

type Props = {
  signedIn: boolean;
  q: string;
  searchActive: boolean;
  onSearch: (q: string) => void;
  onClearSearch: () => void;
  /** The category, sort and profession controls, beside the search (folded on a phone). */
  filters: ReactNode;
  /** Filters in force, counted on the phone's Filters toggle. */
  activeFilters: number;
};

/** Spec §2 forum list header: title, New Post for members, the search and the list's filters. */
export function ForumHeader({ signedIn, q, searchActive, onSearch, onClearSearch, filters, activeFilters }: Props) {
  return (
    <header className="grid gap-3 sm:gap-4">
      {/* A phone keeps New Post beside the title, not on a line of its own; under 20rem across (large
          text) it goes under the description, leaving the title its whole row. */}
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 max-[20rem]:grid-cols-1 max-[20rem]:gap-y-2 sm:items-end">
        <h1 className="col-start-1 text-2xl font-extrabold sm:text-3xl">Forum</h1>
        <p className="col-span-2 text-sm text-muted max-[20rem]:col-span-1 sm:col-span-1 sm:col-start-1 sm:text-base">
          Questions, tips and news from couriers and drivers across the UK.
        </p>
        {signedIn && (
          <Link to="/forum/new" className={buttonClasses('primary', 'md', 'col-start-2 row-start-1 max-[20rem]:col-start-1 max-[20rem]:row-start-3 max-[20rem]:justify-self-start sm:row-span-2')}>
            <SquarePen aria-hidden="true" className="size-5" /> New Post
          </Link>
        )}
      </div>
      <ListFilters search={<SearchForm q={q} active={searchActive} onSearch={onSearch} onClear={onClearSearch} />} activeCount={activeFilters}>
        {filters}
      </ListFilters>
    </header>
  );
}
