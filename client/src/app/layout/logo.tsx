import { PRODUCT_NAME } from '@/lib/config';

/** The mark (a K over kerb paint, as in favicon.svg) and the product name (`nameClassName`: e.g. hidden on the narrowest phones). */
export function Logo({ nameClassName }: { nameClassName?: string }) {
  return (
    <span className="inline-flex items-center gap-2 text-xl font-extrabold tracking-tight">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="7" fill="#ffd13b" />
        <path d="M11 6v15M22 6l-10 8.5M14.5 12.5 22 21" stroke="#0b1d36" strokeWidth="3.5" strokeLinecap="round" fill="none" />
        <path d="M4 25h6v4H4zM16 25h6v4h-6z" fill="#0b1d36" />
      </svg>
      <span className={nameClassName}>{PRODUCT_NAME}</span>
    </span>
  );
}
