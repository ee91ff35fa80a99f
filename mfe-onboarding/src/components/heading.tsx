import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A view's heading. It takes focus when the view appears, so keyboard and screen-reader users land
 * on the new view instead of on a button that no longer exists.
 */
export function ViewHeading({ children, sub }: { children: ReactNode; sub?: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div className="ob-head">
      <h1 ref={ref} tabIndex={-1} className="ob-title">
        {children}
      </h1>
      {sub ? <p className="ob-sub">{sub}</p> : null}
    </div>
  );
}

/** The back arrow of OTP and PasswordSetup (SPEC §2). */
export function BackButton({ onClick, label = 'Back' }: { onClick: () => void; label?: string }) {
  return (
    <button type="button" className="ob-back" onClick={onClick} aria-label={label}>
      <span aria-hidden="true">←</span>
    </button>
  );
}
