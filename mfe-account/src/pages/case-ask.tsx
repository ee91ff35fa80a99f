// /homes/help/ask — "Ask about this order" (?order=), "Ask about this withdrawal" (?withdrawal=) and
// "Get help" (neither) open a case here.
import { useSearchParams } from '@giftlane/shared-sdk/router';
import { AskForm } from '../features/cases/ask-form';

export default function CaseAskPage() {
  const [params] = useSearchParams();
  return (
    <div className="acc-page">
      <AskForm orderNo={params.get('order') || undefined} withdrawNo={params.get('withdrawal') || undefined} />
    </div>
  );
}
