// Canvass's mark: the favicon's shape (src/http/favicon.ts), a blue rounded square with three
// lines of a form, the last one shorter, beside the wordmark. The picture is decoration: the
// wordmark names it (on a phone's top bar, to screen readers only: the menu needs the room).

export function BrandMark() {
  return (
    <span class="brand">
      <svg class="brand-logo" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="#2952cc" />
        <path
          d="M9 10.5h14M9 16h14M9 21.5h8"
          stroke="#fff"
          stroke-width="3.4"
          stroke-linecap="round"
          fill="none"
        />
      </svg>
      <span class="brand-name">Canvass</span>
    </span>
  )
}
