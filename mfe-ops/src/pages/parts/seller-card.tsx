import { Descriptions, Tag } from 'antd';
import { Link } from '@giftlane/shared-sdk/router';
import type { SellerSummary } from '@giftlane/shared-sdk/ops/replies';
import { amount, when } from '../../lib/api';

const age = (days: number) =>
  days < 1
    ? 'joined today'
    : days < 60
      ? `${days} day${days === 1 ? '' : 's'}`
      : days < 730
        ? `${Math.floor(days / 30)} months`
        : `${Math.floor(days / 365)} years`;

/** What a reviewer weighs about the seller beside the card: verification, age, history, flags. */
export function SellerCard({ seller: s, currency }: { seller: SellerSummary; currency: string }) {
  const { paid, partly, refused, pending } = s.orders;
  const past = paid.count + partly.count + refused.count;
  const frozenWhy = s.withdrawals_frozen_reason.replace(/^staff: /, '');
  return (
    <section aria-label="Seller" className="ops-gap">
      <Descriptions bordered size="small" column={1} title="Seller">
        <Descriptions.Item label="Account">
          <Link to={`/ops/users/${s.id}`}>User #{s.id}</Link>
        </Descriptions.Item>
        <Descriptions.Item label="Verification">
          {s.kyc_level ? `Level ${s.kyc_level}` : <Tag color="orange">Not verified</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="Account age">
          {age(s.account_age_days)} <span className="ops-muted">(since {when(s.created_at)})</span>
        </Descriptions.Item>
        <Descriptions.Item label="Past orders">
          {past === 0 ? (
            <Tag color="blue">First order</Tag>
          ) : (
            <ul className="ops-plain" aria-label="Past orders by outcome">
              <li>
                Paid: {paid.count} ({amount(paid.amount, currency)})
              </li>
              <li>
                Partly paid: {partly.count} ({amount(partly.amount, currency)})
              </li>
              <li>Refused: {refused.count}</li>
            </ul>
          )}
          {pending.count > 0 && <div className="ops-muted">{pending.count} more waiting for review</div>}
        </Descriptions.Item>
        <Descriptions.Item label="Flags">
          {!s.withdrawals_frozen && s.linked_accounts === 0 ? (
            'None'
          ) : (
            <>
              {s.withdrawals_frozen && <Tag color="red">Withdrawals frozen{frozenWhy ? `: ${frozenWhy}` : ''}</Tag>}
              {s.linked_accounts > 0 && (
                <Tag color="orange">
                  {s.linked_accounts} linked account{s.linked_accounts === 1 ? '' : 's'}
                  {s.linked_referrals > 0 ? `, ${s.linked_referrals} by referral` : ''}
                </Tag>
              )}
            </>
          )}
        </Descriptions.Item>
      </Descriptions>
    </section>
  );
}
