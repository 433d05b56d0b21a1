/** "New since your last visit" (issue 18): a small marker beside a post's category. */
export function NewMarker() {
  return (
    <span className="inline-flex min-h-7 shrink-0 items-center rounded-full bg-primary px-2.5 text-sm font-bold text-white max-sm:min-h-6 max-sm:px-1.5">
      New<span className="sr-only"> since your last visit</span>
    </span>
  );
}
