import { Link, useLocation } from '@/lib/router';
import { CircleCheck } from 'lucide-react';
import { PRODUCT_NAME } from '@/lib/config';
import { buttonClasses } from '@/components/ui/button';
import { Head } from '@/components/ui/head';
import { SignInCard } from '@/features/auth/components/sign-in-card';
import { LatestPostsPreview } from '@/features/forum/components/latest-posts-preview';
import { CommunityGrid } from '@/features/members/components/community-grid';

const POINTS = ['Real answers from drivers who do the job', 'Pay, vans, insurance and networks compared', 'Free, for good'];

/** Spec §2 Landing: '/' for guests. */
export function LandingPage() {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return (
    <>
      <Head />
      <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-8 px-4 pb-8 sm:pt-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div className="grid grid-cols-1 gap-8">
          <section aria-labelledby="hero-title" className="-mx-4 grid grid-cols-1 gap-5 bg-bar px-4 py-10 text-white sm:mx-0 sm:rounded-2xl sm:px-8 sm:py-12">
            <p className="font-semibold tracking-wide text-accent-300 uppercase">{PRODUCT_NAME}</p>
            <h1 id="hero-title" className="max-w-3xl text-4xl leading-tight font-extrabold sm:text-5xl lg:text-[2.75rem]">
              The community for UK couriers and delivery drivers
            </h1>
            <p className="max-w-2xl text-lg text-bar-muted">
              Built for the UK's 1.8 million couriers &amp; drivers: swap tips on rounds, routes, pay and vans with people who do the job.
              Sign up in under 60 seconds.
            </p>
            <ul className="grid gap-1.5 text-bar-muted">
              {POINTS.map((p) => (
                <li key={p} className="flex items-center gap-2">
                  <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-accent-300" />
                  {p}
                </li>
              ))}
            </ul>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Link to="/register" className={buttonClasses('accent', 'lg')}>
                Join Free
              </Link>
              <Link to="/forum" className={buttonClasses('inverse', 'lg')}>
                Browse Forum
              </Link>
            </div>
          </section>
          <LatestPostsPreview />
          <CommunityGrid />
        </div>
        <div className="lg:sticky lg:top-4">
          <SignInCard notice={from ? 'Sign in to continue to that page.' : undefined} />
        </div>
      </div>
    </>
  );
}
