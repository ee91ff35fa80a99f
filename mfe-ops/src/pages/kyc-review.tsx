import { useState } from 'react';
import { Alert, Button, Descriptions, Image, Space } from 'antd';
import { Link, useParams } from '@giftlane/shared-sdk/router';
import { ops, when } from '../lib/api';
import { PageTitle } from '../lib/page';
import { useAsk } from '../lib/prompt';
import { useOps } from '../lib/use-ops';
import { useOutcome } from '../lib/use-outcome';

/**
 * One level 3 request: the ID record (number masked; the whole number with a reason), selfie, document, address;
 * approve or refuse.
 */
export default function KycReviewPage() {
  const ask = useAsk();
  const { id } = useParams();
  const req = useOps(() => ops().kyc.get(id ?? ''), `kyc:${id}`);
  const { run, notice } = useOutcome();
  const [whole, setWhole] = useState('');
  const r = req.data;
  const reveal = async () => {
    const reason = await ask('Show the whole ID number', 'Why you need it (recorded in the audit log)', 'Show');
    if (reason === null) return;
    await run(async () => {
      setWhole((await ops().kyc.reveal(id ?? '', { reason })).id_number);
      return 'Shown; recorded in the audit log.';
    });
  };
  const decide = async (outcome: 'verified' | 'failed') => {
    const reason = outcome === 'failed' ? await ask('Refuse level 3', 'The reason the seller is shown', 'Refuse') : '';
    if (reason === null) return;
    await run(async () => {
      await ops().kyc.decide(id ?? '', { outcome, reason });
      return outcome === 'verified' ? 'Approved: the seller is at level 3.' : 'Refused; the seller is told why.';
    });
    req.reload();
  };
  return (
    <>
      <PageTitle tab={`Identity check ${id}`}>Identity check {id}</PageTitle>
      <Link to="/ops/kyc">All identity checks</Link>
      {notice}
      {req.error && <Alert type="error" showIcon title={req.error} />}
      {r && (
        <Space orientation="vertical" size="large" style={{ width: '100%', marginTop: 12 }}>
          <Descriptions bordered size="small" column={1} title="Seller">
            <Descriptions.Item label="Account">
              <Link to={`/ops/users/${r.user.id}`}>{r.user.username}</Link> ({r.user.country}, since{' '}
              {when(r.user.created_at)})
            </Descriptions.Item>
            <Descriptions.Item label="Level now">{r.user.kyc_level}</Descriptions.Item>
            <Descriptions.Item label="Verified name">{r.user.kyc_name}</Descriptions.Item>
            {r.id_record && (
              <>
                <Descriptions.Item label={r.id_record.id_type}>
                  <span data-testid="kyc-id-number">{whole || r.id_record.id_number}</span>{' '}
                  {!whole && (
                    <Button size="small" onClick={() => void reveal()}>
                      Show whole number
                    </Button>
                  )}
                </Descriptions.Item>
                <Descriptions.Item label="Name on the record">{r.id_record.name_on_record}</Descriptions.Item>
                <Descriptions.Item label="Date of birth">{r.id_record.date_of_birth}</Descriptions.Item>
              </>
            )}
            <Descriptions.Item label="Home address">{r.address}</Descriptions.Item>
            <Descriptions.Item label="Sent">{when(r.created_at)}</Descriptions.Item>
            {r.status !== 'pending' && (
              <Descriptions.Item label="Decided">{`${r.status} ${when(r.decided_at)} ${r.reason}`}</Descriptions.Item>
            )}
          </Descriptions>
          <Image.PreviewGroup>
            <Space wrap>
              {r.document && <Image src={r.document} width={280} alt="ID document" />}
              {r.selfie && <Image src={r.selfie} width={200} alt="Selfie" />}
            </Space>
          </Image.PreviewGroup>
          {r.status === 'pending' && (
            <Space>
              <Button type="primary" onClick={() => void decide('verified')}>
                Approve level 3
              </Button>
              <Button danger onClick={() => void decide('failed')}>
                Refuse
              </Button>
            </Space>
          )}
        </Space>
      )}
    </>
  );
}
