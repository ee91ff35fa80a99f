import { Link } from '@giftlane/shared-sdk/router';
import { Page } from '../lib/page';

const OPENINGS = [
  {
    title: 'Card verification specialist',
    place: 'Lagos, on site · full time',
    text:
      'Check incoming cards quickly and fairly, explain every refusal with a clear reason and proof, and help ' +
      'keep payouts fast at busy hours.',
  },
  {
    title: 'Customer support agent (English and Twi)',
    place: 'Accra or remote in Ghana · full time, shifts',
    text:
      'Answer sellers by chat and email, follow up on orders and withdrawals, and turn what you hear into ' +
      'improvements for the team.',
  },
  {
    title: 'Frontend engineer (React)',
    place: 'Remote, Nigeria or Ghana · full time',
    text:
      'Build fast, accessible pages for people on mid-range phones and costly data. You care about every ' +
      'kilobyte and every tap.',
  },
];

export default function JobPage() {
  return (
    <Page
      title="Job opportunities"
      heading="Work with us"
      description={
        'Open roles at GiftLane in Lagos, Accra and remote: card verification, customer support and ' + 'engineering.'
      }
      lead={
        'We are a small team building a trustworthy way for people in Nigeria and Ghana to sell gift cards. Come ' +
        'and help.'
      }
    >
      <section className="pub-section" aria-labelledby="job-open">
        <h2 id="job-open">Open roles</h2>
        <ul className="pub-tiles">
          {OPENINGS.map((o) => (
            <li key={o.title}>
              <h3>{o.title}</h3>
              <p className="pub-muted">{o.place}</p>
              <p>{o.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="pub-section pub-prose" aria-labelledby="job-apply">
        <h2 id="job-apply">How to apply</h2>
        <p>
          Send us a short note about yourself and the role you want through our <Link to="/contact">contact page</Link>,
          with “Job: ” and the role in the subject. Tell us about something you built, fixed or improved. We reply to
          every application within two weeks.
        </p>
        <p>We never charge a fee to apply and never ask for payment during hiring. Anyone who does is not GiftLane.</p>
      </section>
    </Page>
  );
}
