import { useState } from 'react';
import { Link } from '@giftlane/shared-sdk/router';
import { Async } from '@giftlane/shared-sdk';
import { Page } from '../lib/page';
import { filterFaqs, groupFaqs } from '../features/faq/faq-model';
import { useFaqs } from '../lib/api';

export default function FaqPage() {
  const faqs = useFaqs();
  const [category, setCategory] = useState('');
  const [search, setSearch] = useState('');
  return (
    <Page
      title="FAQ"
      heading="Frequently asked questions"
      description={
        'Answers about selling gift cards on GiftLane: rates, payout times, refused cards, withdrawals, ' +
        'security and rewards.'
      }
      lead="Quick answers to what sellers ask us most. Can’t find yours? Our support team is a message away."
    >
      <Async state={faqs} what="the answers" lines={6}>
        {([categories, items]) => {
          const found = filterFaqs(items, category, search);
          return (
            <>
              <div className="pub-filters" role="search">
                <label className="pub-field">
                  <span>Search the answers</span>
                  <input
                    type="search"
                    value={search}
                    placeholder="e.g. withdraw, refused, VIP"
                    onChange={(e) => setSearch(e.target.value)}
                  />
                </label>
                <div className="pub-switch" role="group" aria-label="Categories">
                  <button
                    type="button"
                    className="pub-chip"
                    aria-pressed={category === ''}
                    onClick={() => setCategory('')}
                  >
                    All
                  </button>
                  {categories.map((c) => (
                    <button
                      key={c}
                      type="button"
                      className="pub-chip"
                      aria-pressed={category === c}
                      onClick={() => setCategory(c)}
                    >
                      {c}
                    </button>
                  ))}
                </div>
              </div>
              <p className="pub-muted" aria-live="polite">
                {found.length === 1 ? '1 answer' : `${found.length} answers`}
              </p>
              {found.length === 0 ? (
                <p className="pub-empty">
                  Nothing matches “{search}”. Try fewer words, or <Link to="/contact">ask us directly</Link>.
                </p>
              ) : (
                groupFaqs(found, categories).map((g) => (
                  <section key={g.category} className="pub-faq__cat">
                    <h2>{g.category}</h2>
                    <div className="pub-faq">
                      {g.items.map((f) => (
                        <details key={f.id} open={search.trim() !== '' && found.length <= 3}>
                          <summary>{f.question}</summary>
                          <p>{f.answer}</p>
                        </details>
                      ))}
                    </div>
                  </section>
                ))
              )}
            </>
          );
        }}
      </Async>
      <section className="pub-section">
        <h2>Still need help?</h2>
        <p>
          Write to us on the <Link to="/contact">contact page</Link>. We answer every message, usually within a few
          hours.
        </p>
      </section>
    </Page>
  );
}
