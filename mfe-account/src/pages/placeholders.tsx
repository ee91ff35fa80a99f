// Pages of the account area not built yet: each says so plainly inside the signed-in layout.
import { Placeholder } from '../lib/placeholder';

export const VipPage = () => <Placeholder heading="VIP">Your VIP level and its bonus are on your dashboard; the full VIP page is coming soon.</Placeholder>;
export const CardsPage = () => <Placeholder heading="Cards" />;
