// The rate calculator's choices (brand → card currency → form → amount) and its estimate: the one
// catalog model in shared-sdk (the sell form's too), priced with the api's own pricing function, so
// the figure on the page is the figure an order would lock for the same card and amount.
import { estimate as priceCard, type Estimate, type EstimateInput } from '@giftlane/shared-sdk/card-catalog';

export {
  bandsOf,
  brandsOf,
  cardTitle,
  currenciesOf,
  FACE_DECIMALS,
  formsOf,
  ladderFor,
  type Brand,
  type CatalogCard as CalcCard,
  type Estimate,
} from '@giftlane/shared-sdk/card-catalog';

export const PRESET_AMOUNTS = [25, 50, 100, 200, 500] as const;

/** The calculator's words when a card cannot be priced yet. */
const ESTIMATE_MESSAGES = {
  noCard: 'Choose a card to see your payout.',
  noAmount: 'Enter the amount on your card.',
  badAmount: 'Enter the card amount as a number, for example 100 or 25.50.',
  noRate: 'This card has no rate right now. Please check the rate sheet.',
} as const;

/** Picks the band the amount falls in and prices it; or says, in plain words, what to fix. */
export const estimate = (input: Omit<EstimateInput, 'coupon'>): Estimate => priceCard(input, ESTIMATE_MESSAGES);
