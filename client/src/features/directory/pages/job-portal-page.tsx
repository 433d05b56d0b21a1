import { Link } from '@/lib/router';
import { BriefcaseBusiness } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { Head } from '@/components/ui/head';

/** Spec §2: the job portal is a placeholder until it launches. */
export function JobPortalPage() {
  return (
    <div className="mx-auto grid w-full max-w-2xl px-4 py-10 sm:py-16">
      <Head title="Job Portal" noindex />
      <section className="grid justify-items-center gap-4 rounded-2xl border border-line bg-card p-6 text-center shadow-sm sm:p-10">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-accent-100">
          <BriefcaseBusiness aria-hidden="true" className="size-8 text-ink" />
        </span>
        <p className="font-semibold tracking-wide text-muted uppercase">Job Portal</p>
        <h1 className="text-3xl font-extrabold">Coming Soon!</h1>
        <p className="max-w-prose text-lg">
          We're building a job board for courier, driving and logistics work across the UK. Verified members will get an
          email notification as soon as the job portal launches.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/forum" className={buttonClasses('primary')}>
            Browse Forum
          </Link>
          <Link to="/directory/users" className={buttonClasses('secondary')}>
            User Directory
          </Link>
        </div>
      </section>
    </div>
  );
}
