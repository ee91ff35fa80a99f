// SPEC §2 "Terms page": the one Terms text (shared-sdk/terms, also on /terms) plus Contact Us, and
// Continue back to the form.
import { useEffect, useState } from 'react';
import { useLocation } from '@giftlane/shared-sdk/router';
import { PRODUCT_NAME } from '@giftlane/shared-sdk';
import { TERMS_SECTIONS } from '@giftlane/shared-sdk/terms';
import { ViewHeading } from '../../components/heading';
import type { ViewProps } from '../../lib/view-props';
import { loadInit } from '../../lib/public-data';

const P = PRODUCT_NAME;

export function TermsConditions({ go }: ViewProps) {
  const { pathname } = useLocation();
  // Support's address from the api's settings (public/appinit), as the Contact page shows it.
  const [email, setEmail] = useState<string>();
  useEffect(() => {
    let live = true;
    void loadInit().then((init) => live && setEmail(init.email || undefined));
    return () => {
      live = false;
    };
  }, []);
  const back = pathname.startsWith('/social-signup') ? 'SocialSignupForm' : 'SignUpForm';
  return (
    <>
      <ViewHeading sub={`Please read these terms before you use ${P}.`}>Terms of Service</ViewHeading>
      <div className="ob-terms">
        <ol className="ob-terms__list">
          {TERMS_SECTIONS.map((s) => (
            <li key={s.title}>
              <h2>{s.title}</h2>
              <p>{s.body}</p>
            </li>
          ))}
        </ol>
        <section aria-labelledby="ob-terms-contact">
          <h2 id="ob-terms-contact">Contact Us</h2>
          <p>
            Questions about these terms?{' '}
            {email && (
              <>
                Write to <a href={`mailto:${email}`}>{email}</a> or use the{' '}
              </>
            )}
            {!email && <>Use the </>}
            <a href="/contact">contact page</a>.
          </p>
        </section>
      </div>
      <button type="button" className="ob-btn ob-btn--primary ob-btn--block" onClick={() => go(back)}>
        Continue
      </button>
    </>
  );
}
