import type { ReactNode } from 'react';
import { Head } from './head';

/** A plain content page: title, heading and body in a readable column. */
export function SimplePage({ title, heading, noindex, children }: { title: string; heading?: ReactNode; noindex?: boolean; children: ReactNode }) {
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-4 px-4 py-6 sm:py-10">
      <Head title={title} noindex={noindex} />
      <h1 className="text-3xl font-extrabold">{heading ?? title}</h1>
      <div className="prose-simple grid gap-3">{children}</div>
    </div>
  );
}
