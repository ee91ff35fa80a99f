import { DEFAULT_DIAL_CODE, type Country } from '@giftlane/shared-sdk';

/** The dial code to start with: +234, or the first country's when the list has no +234 (SPEC §2). */
export function defaultDialCode(countries: readonly Country[]): string {
  if (countries.length === 0 || countries.some((c) => c.area_number === DEFAULT_DIAL_CODE)) return DEFAULT_DIAL_CODE;
  return countries[0]!.area_number;
}

/** The country-code picker in front of the WhatsApp number; the dropdown shows area_number. */
export function DialCodePicker({
  countries,
  value,
  onValue,
}: {
  countries: readonly Country[];
  value: string;
  onValue: (code: string) => void;
}) {
  const codes = [...new Set(countries.map((c) => c.area_number))];
  if (!codes.includes(value)) codes.unshift(value);
  return (
    <select className="ob-dial" aria-label="Country code" value={value} onChange={(e) => onValue(e.target.value)}>
      {codes.map((code) => (
        <option key={code} value={code}>
          {code}
        </option>
      ))}
    </select>
  );
}
