// Pages of the account area not built yet: each says so plainly inside the signed-in layout.
import { Placeholder } from '../lib/placeholder';

export const CardsPage = () => <Placeholder heading="Cards" />;
