// The dashboard's first-sale checklist: each step done or not from the api's state, links to where it is done,
// the new payout account's wait in the api's figure before it is added, and gone once a withdrawal was paid.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { inRouter, Refusal, testApi, type TestApi } from '@giftlane/shared-sdk/testing';
import userEvent from '@testing-library/user-event';
import { FirstSaleChecklist } from '../first-steps';

const steps = (over: Record<string, unknown> = {}) => ({
  show: true,
  identity_offered: true,
  identity_verified: false,
  pin_set: false,
  payout_accounts: 0,
  has_order: false,
  paid_out: false,
  payout_wait_hours: 24,
  payout_wait: '24 hours',
  ...over,
});

let api: TestApi;
const show = async (reply: unknown) => {
  api = testApi({ 'user/firstSteps': reply as never });
  render(inRouter(<FirstSaleChecklist />));
  const region = await screen.findByRole('region', { name: 'Your first sale, step by step' });
  await within(region).findByRole('list');
  return region;
};
const step = (list: HTMLElement, title: string) =>
  within(list)
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(title))!;

describe('the first-sale checklist', () => {
  it('a new seller: four steps to do, in order, each linking to where it is done', async () => {
    const region = await show(steps());
    const items = within(region).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.acc-checklist__title')?.textContent)).toEqual([
      'Verify your identity',
      'Set your transaction password',
      'Add a payout account',
      'Sell your first gift card',
    ]);
    expect(region).toHaveTextContent('4 of 4 steps left before you can be paid.');
    for (const li of items) expect(li).toHaveTextContent('To do');
    expect(within(items[0]!).getByRole('link', { name: 'Verify now' })).toHaveAttribute(
      'href',
      '/settings#verification',
    );
    // The PIN is set with the first payout account, in one step.
    expect(within(items[1]!).getByRole('link', { name: 'Set it' })).toHaveAttribute('href', '/settings#payout');
    expect(within(items[2]!).getByRole('link', { name: 'Add one' })).toHaveAttribute('href', '/settings#payout');
    // The wait is said before the account is added, in the api's figure.
    expect(items[2]).toHaveTextContent(
      'Money can be sent to a new payout account 24 hours after you add it, so add it before your first sale.',
    );
    expect(within(items[3]!).getByRole('link', { name: 'Sell a gift card' })).toHaveAttribute(
      'href',
      '/homes/sell-gift-card',
    );
  });

  it('the wait is the one the api gives', async () => {
    const region = await show(steps({ payout_wait: '12 hours', payout_wait_hours: 12 }));
    expect(step(region, 'Add a payout account')).toHaveTextContent(
      'can be sent to a new payout account 12 hours after you add it',
    );
  });

  it('done steps show as done, with no link; the rest stay to do', async () => {
    const region = await show(steps({ identity_verified: true, pin_set: true, payout_accounts: 1 }));
    for (const title of ['Verify your identity', 'Set your transaction password', 'Add a payout account']) {
      const li = step(region, title);
      expect(li).toHaveTextContent('Done');
      expect(within(li).queryByRole('link')).toBeNull();
    }
    expect(step(region, 'Sell your first gift card')).toHaveTextContent('To do');
    expect(region).toHaveTextContent('1 of 4 steps left before you can be paid.');
  });

  it('every step done but no payout yet: still shown, saying when it goes', async () => {
    const region = await show(steps({ identity_verified: true, pin_set: true, payout_accounts: 2, has_order: true }));
    expect(region).toHaveTextContent('All set. This list goes once your first withdrawal is paid.');
    expect(within(region).queryAllByRole('link')).toHaveLength(0);
  });

  it('without identity verification in the country, the step is not there', async () => {
    const region = await show(steps({ identity_offered: false }));
    expect(within(region).getAllByRole('listitem')).toHaveLength(3);
    expect(region).not.toHaveTextContent('Verify your identity');
  });

  it('gone once the first withdrawal is paid (and nothing flashes while it loads)', async () => {
    api = testApi({ 'user/firstSteps': steps({ show: false, paid_out: true, pin_set: true }) as never });
    const { container } = render(inRouter(<FirstSaleChecklist />));
    expect(container).toBeEmptyDOMElement();
    await waitFor(() => expect(api.callsTo('user/firstSteps')).toHaveLength(1));
    // Answered: still nothing.
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(container).toBeEmptyDOMElement();
    // The same answer with show: true does show the list (the test above can fail).
    api.answer('user/firstSteps', steps() as never);
    render(inRouter(<FirstSaleChecklist />));
    expect(await screen.findByRole('region', { name: 'Your first sale, step by step' })).toBeInTheDocument();
  });

  it('a failed load says so, with Retry', async () => {
    api = testApi({ 'user/firstSteps': new Refusal('Service busy, please try again.') });
    render(inRouter(<FirstSaleChecklist />));
    expect(await screen.findByRole('button', { name: /Retry/ })).toBeInTheDocument();
    api.answer('user/firstSteps', steps({ identity_verified: true }) as never);
    await userEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('3 of 4 steps left before you can be paid.')).toBeInTheDocument();
  });
});
