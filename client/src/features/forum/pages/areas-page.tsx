import { BreadcrumbTrail } from '../components/breadcrumb-trail';
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@/lib/router';
import { POSTCODE_AREAS } from '@common/rules/courier';
import { AREA_RECENT_DAYS } from '@common/rules/labels';
import { errorMessage } from '@/lib/api-client';
import { plural } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { Head } from '@/components/ui/head';
import { Time } from '@/components/ui/time';
import { getAreasQueryOptions } from '../api/labels';
import { areaPath } from '../lib/labels';

/**
 * /areas (issue 32): the postcode areas couriers have posted about in the last 30 days, the most
 * recent activity first, and a way to any UK postcode area, with posts or not.
 */
export function AreasPage() {
  const areas = useQuery(getAreasQueryOptions());
  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-1 content-start gap-4 px-4 py-4 sm:gap-6 sm:py-6">
      <Head title="Postcode areas" />
      <BreadcrumbTrail steps={[{ label: 'Forum', to: '/forum' }, { label: 'Postcode areas' }]} />
      <header className="grid gap-1">
        <h1 className="text-2xl font-extrabold sm:text-3xl">Postcode areas</h1>
        <p className="text-muted">
          Local alerts and posts by UK postcode area: van thefts, road closures, depots and parking near you.{' '}
          <Link to="/tags" className="link">
            Browse by tag
          </Link>
          .
        </p>
      </header>

      <AreaJump />

      <section aria-labelledby="active-areas-title" className="grid gap-3">
        <h2 id="active-areas-title" className="text-xl font-bold">
          Active in the last {AREA_RECENT_DAYS} days
        </h2>
        {areas.isPending ? (
          <p role="status">Loading the areas…</p>
        ) : areas.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 rounded-xl border-l-8 border-red-700 bg-red-50 p-4 text-red-950">
            <p>{errorMessage(areas.error, "The areas didn't load. Check your signal and try again.")}</p>
            <Button variant="secondary" onClick={() => void areas.refetch()}>
              Try again
            </Button>
          </div>
        ) : areas.data.length === 0 ? (
          <p className="rounded-xl border-2 border-dashed border-line bg-card p-5">
            No postcode area has posts from the last {AREA_RECENT_DAYS} days yet. Choose your area above to see its page, or add your area to your next post.
          </p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2">
            {areas.data.map((a) => (
              <li key={a.code} className="grid gap-0.5 rounded-xl border border-line bg-card p-3 shadow-sm">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <Link to={areaPath(a.code)} aria-label={`${a.code} postcode area`} className="text-lg font-bold text-ink hover:text-link hover:underline">
                    {a.code}
                  </Link>
                  <span className="text-muted">{a.region.name}</span>
                </p>
                <p className="text-sm text-muted">
                  {plural(a.recentPosts, 'post', 'posts')} in the last {AREA_RECENT_DAYS} days
                  {a.lastPostAt && (
                    <>
                      {' · last post '}
                      <Time date={a.lastPostAt} />
                    </>
                  )}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** Any UK postcode area's page, by its letters: a select and Go (a change of page waits for the reader's word). */
function AreaJump() {
  const id = useId();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  return (
    <form
      className="flex flex-wrap items-end gap-3 rounded-xl border border-line bg-card p-4 shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        if (code) navigate(areaPath(code));
      }}
    >
      <div className="grid min-w-40 flex-1 gap-1.5 sm:flex-none">
        <label htmlFor={id} className="font-semibold">
          Any area
        </label>
        <select id={id} value={code} onChange={(e) => setCode(e.target.value)} className={inputClasses}>
          <option value="">Choose an area</option>
          {POSTCODE_AREAS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={!code}>
        Go to area
      </Button>
    </form>
  );
}
