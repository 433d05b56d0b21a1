import type { ReactNode } from 'react';

/** The card the account pages sit in: narrow and centred, full width on a phone. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <div className="grid grid-cols-1 gap-5 rounded-2xl border border-line bg-card p-5 shadow-sm sm:p-8">{children}</div>
    </div>
  );
}
