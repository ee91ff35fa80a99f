import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inRouter, testApi, type TestApi } from '@giftlane/shared-sdk/testing';
import { useLocation } from '@giftlane/shared-sdk/router';
import HelpPage from '../help';

function Where() {
  const { pathname, search } = useLocation();
  return <p>{`${pathname}${search}`}</p>;
}

const replies = {
  'ord/list': [
    {
      order_no: 'GL2026112400017',
      card_name: 'Amazon US',
      status: 3,
      show_time: 1795400000,
      amount: 0,
      status_desc: 'Refused',
      wallet_type: 1,
      images: '',
      all_money: '0.00',
    },
    {
      order_no: 'GL2026112400021',
      card_name: 'Steam',
      status: 1,
      show_time: 1795400100,
      amount: 0,
      status_desc: 'Pending',
      wallet_type: 1,
      images: '',
      all_money: '0.00',
    },
  ],
  'public/channels': {
    whatsapp: [
      { number: '+2349000000001', purpose: 'Sales', hours: '', link: 'https://wa.me/2349000000001' },
      {
        number: '+2348121325873',
        purpose: 'Support',
        hours: 'Mon–Sat, 8:00–20:00 Lagos time',
        link: 'https://wa.me/2348121325873',
      },
    ],
    emails: [{ address: 'help@giftlane.test', purpose: 'Support' }],
    domains: ['giftlane.test'],
    socials: [],
    page_url: 'https://giftlane.test/verified-channels',
  },
  'case/list': [
    {
      case_no: 'CS-ABCD2345',
      about: 'order',
      order_no: 'GL2026112400017',
      withdraw_no: '',
      subject: '',
      status: 'waiting_you',
      status_text: 'Waiting for you',
      create_time: 1795400000,
      update_time: 1795400500,
    },
  ],
  'faq/list': [
    { id: 1, question: 'How long does a trade take?', answer: 'Minutes for most cards.', category_name: 'Trading' },
  ],
};

let api: TestApi;
beforeEach(() => {
  api = testApi(replies, { seller: { nickname: 'Amaka Obi', email: 'amaka@example.com' } });
});

test(
  'support’s WhatsApp line and its hours sit next to the e-mail (public/channels), the FAQ from ' + 'faq/list',
  async () => {
    render(inRouter(<HelpPage />));
    const contact = await screen.findByRole('region', { name: 'Contact us' });
    expect(await within(contact).findByRole('link', { name: '+2348121325873' })).toHaveAttribute(
      'href',
      'https://wa.me/2348121325873',
    );
    expect(within(contact).getByText(/answered Mon–Sat, 8:00–20:00 Lagos time/)).toBeInTheDocument();
    expect(within(contact).queryByRole('link', { name: '+2349000000001' })).toBeNull();
    expect(within(contact).getByRole('link', { name: 'our official channels page' })).toHaveAttribute(
      'href',
      '/verified-channels',
    );
    expect(contact).toHaveTextContent('We never ask for your PIN or codes.');
    expect(within(contact).getByRole('link', { name: 'help@giftlane.test' })).toHaveAttribute(
      'href',
      'mailto:help@giftlane.test',
    );
    expect(await screen.findByText('How long does a trade take?')).toBeInTheDocument();
    expect(api.callsTo('faq/list')).toEqual([expect.objectContaining({ page: '0', page_size: '50' })]);
  },
);

test('the seller’s cases are listed with the status they understand; Get help asks about anything else', async () => {
  render(inRouter(<HelpPage />));
  const cases = await screen.findByRole('list', { name: 'Your cases' });
  const link = within(cases).getByRole('link', { name: /Order GL2026112400017/ });
  expect(link).toHaveAttribute('href', '/homes/help/cases/CS-ABCD2345');
  expect(within(link).getByText('Waiting for you')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Get help' })).toHaveAttribute('href', '/homes/help/ask');
});

test('the older link from an order asks about that order', async () => {
  render(
    inRouter(
      <Where />,
      [
        { path: '/homes/help', element: <HelpPage /> },
        { path: '/homes/help/ask', element: <Where /> },
      ],
      '/homes/help?order=GL2026112400021',
    ),
  );
  expect(await screen.findByText('/homes/help/ask?order=GL2026112400021')).toBeInTheDocument();
});

test('Start the tour asks the shell for a replay on Home', async () => {
  const user = userEvent.setup();
  render(inRouter(<HelpPage />, [{ path: '/homes', element: <Where /> }]));
  await user.click(screen.getByRole('button', { name: 'Start the tour' }));
  expect(await screen.findByText('/homes?startTour=replay')).toBeInTheDocument();
});
