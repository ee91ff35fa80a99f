import { Link } from '@giftlane/shared-sdk/router';
import { Page } from '../lib/page';

export default function AccessibilityPage() {
  return (
    <Page
      title="Accessibility"
      description={
        'How GiftLane works to be usable by everyone, on any phone, with a keyboard or a screen reader, ' +
        'and how to tell us about a barrier.'
      }
      lead="Everyone should be able to sell a gift card easily, whatever their device, connection or ability."
    >
      <div className="pub-prose">
        <h2>What we do</h2>
        <ul>
          <li>We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.1 at level AA.</li>
          <li>Text and buttons have strong colour contrast, readable in sunlight on a phone.</li>
          <li>Every page can be used with a keyboard, with a visible focus outline, and a “Skip to content” link.</li>
          <li>Form fields have labels, and errors are explained in words next to the field they concern.</li>
          <li>Pages are light and work on slow connections and small screens, from 360 pixels wide.</li>
          <li>We respect your device’s “reduce motion” setting.</li>
        </ul>
        <h2>Known gaps</h2>
        <p>Some older blog images may lack a full description. We fix these as we find them.</p>
        <h2>Tell us about a barrier</h2>
        <p>
          If something on GiftLane is hard for you to use, please tell us through the{' '}
          <Link to="/contact">contact page</Link>, with the page and what happened. We will reply and, where we can,
          help you complete your trade another way while we fix it.
        </p>
      </div>
    </Page>
  );
}
