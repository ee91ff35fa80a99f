// /homes/help/cases/:caseNo — one of the seller's cases.
import { Link, useParams } from '@giftlane/shared-sdk/router';
import { CaseView } from '../features/cases/case-view';

export default function CasePage() {
  const { caseNo = '' } = useParams();
  return (
    <div className="acc-page">
      <p>
        <Link className="acc-link" to="/homes/help">
          ← Help
        </Link>
      </p>
      <CaseView caseNo={caseNo} />
    </div>
  );
}
