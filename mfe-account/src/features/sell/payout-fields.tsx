// Step 3 of the sell form: the wallet the order pays into, and a coupon checked for that wallet.
import { observer } from 'mobx-react-lite';
import { useStores, type CurrencyCode } from '@giftlane/shared-sdk';
import { ErrorReference } from '@giftlane/shared-sdk/error-reference';
import { couponNote, walletName, type CouponState, type WalletChoice } from './sell-form-model';

/** The local wallet's name: the catalog's currency once loaded, else the seller's (read in an observer). */
const LocalWalletName = observer(function LocalWalletName({ local }: { local?: CurrencyCode }) {
  const { user } = useStores();
  return <>{walletName(local ?? user.currency ?? 'NGN')}</>;
});

export interface PayoutFieldsProps {
  id: string;
  walletType: WalletChoice;
  /** The catalog's local currency, once it is in. */
  local?: CurrencyCode;
  couponCode: string;
  coupon: CouponState;
  busy: boolean;
  onWallet: (walletType: WalletChoice) => void;
  onCouponCode: (code: string) => void;
  onApply: () => void;
}

export function PayoutFields(props: PayoutFieldsProps) {
  const { id, walletType, local, couponCode, coupon, busy, onWallet, onCouponCode, onApply } = props;
  const note = couponNote(coupon);
  return (
    <>
      <fieldset className="acc-choices">
        <legend className="acc-sr">Wallet</legend>
        {([1, 2] as const).map((w) => (
          <label key={w} className="acc-choice">
            <input
              type="radio"
              name={`${id}-wallet`}
              value={w}
              checked={walletType === w}
              onChange={() => onWallet(w)}
            />
            <span>{w === 1 ? <LocalWalletName local={local} /> : 'USDT wallet'}</span>
          </label>
        ))}
      </fieldset>
      <div className="acc-field">
        <label htmlFor={`${id}-coupon`}>Coupon code (optional)</label>
        <div className="acc-actions">
          <input
            id={`${id}-coupon`}
            style={{ flex: '1 1 160px', width: 'auto' }}
            value={couponCode}
            autoComplete="off"
            aria-invalid={coupon.status === 'error'}
            aria-describedby={`${id}-coupon-msg`}
            onChange={(e) => onCouponCode(e.target.value)}
          />
          <button type="button" className="gl-btn" onClick={onApply} disabled={busy || coupon.status === 'checking'}>
            {coupon.status === 'checking' ? 'Checking…' : 'Apply'}
          </button>
        </div>
        <span
          id={`${id}-coupon-msg`}
          aria-live="polite"
          className={note.error ? 'acc-field__error' : 'acc-field__hint'}
        >
          {note.text}
          <ErrorReference reference={note.reference} />
        </span>
      </div>
    </>
  );
}
