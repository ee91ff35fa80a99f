// The login password asked again before a change that could hand the account or its money to
// someone else (e-mail, WhatsApp, PIN, payout accounts). The api checks it and counts wrong tries.
export function LoginPasswordField({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (v: string) => void;
  disabled?: boolean;
}) {
  return (
    <label className="acc-field">
      Your login password
      <input
        type="password"
        autoComplete="current-password"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
