/** Placeholder cards while the first page loads. */
export function PostListSkeleton() {
  return (
    <div>
      <p role="status" className="sr-only">
        Loading discussions…
      </p>
      <ul aria-hidden="true" className="grid gap-3">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="h-52 animate-pulse rounded-xl border border-line bg-white motion-reduce:animate-none" />
        ))}
      </ul>
    </div>
  );
}
