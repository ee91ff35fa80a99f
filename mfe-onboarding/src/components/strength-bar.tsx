import { passwordStrength, strengthLabel } from '@giftlane/shared-sdk';

/** SPEC §5: five steps of 20 points, labelled Very Weak … Very Strong. */
export function StrengthBar({ password }: { password: string }) {
  const score = passwordStrength(password);
  const label = strengthLabel(score);
  return (
    <div className="ob-strength" data-score={score}>
      <div
        className="ob-strength__track"
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        aria-valuetext={label}
      >
        <div className={`ob-strength__fill ob-strength__fill--${score}`} style={{ width: `${score}%` }} />
      </div>
      <span className="ob-strength__label">{password ? label : ''}</span>
    </div>
  );
}
