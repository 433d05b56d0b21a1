/** Placeholder cards while the first page loads: as tall as the cards (phone rows below `sm`), so nothing jumps. */
export function PostListSkeleton() {
  return (
    <div>
      <p role="status" className="sr-only">
        Loading discussions…
      </p>
      <ul aria-hidden="true" className="grid gap-2 sm:gap-3">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="h-20 animate-pulse rounded-lg border border-line bg-card motion-reduce:animate-none sm:h-52 sm:rounded-xl" />
        ))}
      </ul>
    </div>
  );
}
