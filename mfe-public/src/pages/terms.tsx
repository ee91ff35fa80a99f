import { Link } from '@giftlane/shared-sdk/router';
import { TERMS_SECTIONS } from '@giftlane/shared-sdk/terms';
import { Page } from '../lib/page';

export default function TermsPage() {
  return (
    <Page
      title="Terms of Service"
      description={
        'The terms for using GiftLane: settlement currencies, no extra transaction fees, parental ' +
        'supervision for under-13s, and Nigerian law.'
      }
      lead={
        'These terms are the agreement between you and GiftLane when you use our website or app. Please read ' +
        'them; we have kept them as plain as we can.'
      }
    >
      <div className="pub-prose">
        {TERMS_SECTIONS.map((section, n) => (
          <section key={section.title} aria-labelledby={`terms-${n + 1}`}>
            <h2 id={`terms-${n + 1}`}>
              {n + 1}. {section.title}
            </h2>
            <p>{section.body}</p>
          </section>
        ))}
        <h2>Contact us</h2>
        <p>
          Questions about these terms? Write to us through the <Link to="/contact">contact page</Link>. See also our{' '}
          <Link to="/privacy-policy">privacy policy</Link> and <Link to="/disclaimer">disclaimer</Link>.
        </p>
      </div>
    </Page>
  );
}
