/** The GiftLane wordmark: inline SVG, no request. */
export function Logo() {
  return (
    <span className="gl-logo">
      <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
        <rect width="28" height="28" rx="7" fill="var(--gl-color-primary, #0b7a5a)" />
        <path d="M7 11h14v10a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2V11Z" fill="#fff" opacity=".95" />
        <path d="M6 8.5h16V11H6z" fill="#fff" />
        <path d="M13 8.5h2V23h-2z" fill="var(--gl-color-primary, #0b7a5a)" />
      </svg>
      <span className="gl-logo__text">GiftLane</span>
    </span>
  );
}
