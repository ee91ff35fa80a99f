import { Link } from '@giftlane/shared-sdk/router';
import { Page } from '../lib/page';
import { ContactForm } from '../features/contact/contact-form';
import { useAppInit } from '../lib/api';

export default function ContactPage() {
  const init = useAppInit();
  const email = init.data?.email;
  const whatsapp = init.data?.whatsapp_phone;
  return (
    <Page
      title="Contact us"
      description={
        'Talk to GiftLane support about an order, a withdrawal or your account. We reply by email, ' +
        'usually within a few hours.'
      }
      lead={
        'A question about an order, a withdrawal or your account? Write to us and a real person will reply, ' +
        'usually within a few hours.'
      }
    >
      <div className="pub-section">
        <ContactForm />
      </div>
      <section className="pub-section" aria-labelledby="contact-other">
        <h2 id="contact-other">Other ways to reach us</h2>
        <ul>
          {email && (
            <li>
              Email: <a href={`mailto:${email}`}>{email}</a>
            </li>
          )}
          {whatsapp && (
            <li>
              WhatsApp: <a href={`https://wa.me/${whatsapp.replace(/\D/g, '')}`}>{whatsapp}</a>
            </li>
          )}
          <li>
            Quick answers: the <Link to="/faq">FAQ</Link>
          </li>
        </ul>
        {init.status === 'error' && (
          <p className="pub-muted">
            Our email and WhatsApp details could not load just now; the form above still works.{' '}
            <button type="button" className="pub-linkbtn" onClick={init.retry}>
              Retry
            </button>
          </p>
        )}
        <p className="pub-muted">
          GiftLane staff will never ask for your password, your transaction password or a verification code.
        </p>
      </section>
    </Page>
  );
}
