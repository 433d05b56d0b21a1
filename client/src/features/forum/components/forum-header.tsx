import { Link } from 'react-router';
import { SquarePen } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { SearchForm } from './search-form';

type Props = {
  signedIn: boolean;
  q: string;
  searchActive: boolean;
  onSearch: (q: string) => void;
  onClearSearch: () => void;
};

/** Spec §2 forum list header: title, New Post for members, and the search. */
export function ForumHeader({ signedIn, q, searchActive, onSearch, onClearSearch }: Props) {
  return (
    <header className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-3xl font-extrabold">Forum</h1>
          <p className="text-muted">Questions, tips and news from couriers and drivers across the UK.</p>
        </div>
        {signedIn && (
          <Link to="/forum/new" className={buttonClasses('primary')}>
            <SquarePen aria-hidden="true" className="size-5" /> New Post
          </Link>
        )}
      </div>
      <SearchForm q={q} active={searchActive} onSearch={onSearch} onClear={onClearSearch} />
    </header>
  );
}
