// A change in a history (wallet, rewards, points): money in shows with + and in green, money out as is.
export function SignedChange({ credit, text }: { credit: boolean; text: string }) {
  return (
    <span className={`acc-amount${credit ? ' acc-amount--in' : ''}`}>
      {credit ? '+' : ''}
      {text}
    </span>
  );
}
