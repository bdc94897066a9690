// What a page shows while its data is on the way: grey blocks in the shape of what comes, marked
// busy, and "Loading" for a screen reader (the blocks themselves say nothing).

export function Skeleton({ label = 'Loading', lines = 3 }: { label?: string; lines?: number }) {
  return (
    <div class="skeleton" aria-busy="true">
      <span class="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, index) => (
        <div key={index} class="skeleton-block" aria-hidden="true" />
      ))}
    </div>
  )
}

/** A heading still loading: a grey bar where its text will be, named for a screen reader. */
export function SkeletonText({ label = 'Loading' }: { label?: string }) {
  return (
    <span class="skeleton-text" aria-busy="true">
      <span class="visually-hidden">{label}</span>
    </span>
  )
}
