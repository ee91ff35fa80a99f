// /blog, /blogs and /blog/post: the list of posts, newest first, a page at a time (?page=2).
import { Link, useSearchParams } from '@giftlane/shared-sdk/router';
import { formatDate, Async } from '@giftlane/shared-sdk';
import { Page } from '../lib/page';
import { useBlogPosts } from '../lib/api';

const PAGE_SIZE = 6;

export default function BlogPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const posts = useBlogPosts(page - 1, PAGE_SIZE);
  const go = (p: number) => setParams(p > 1 ? { page: String(p) } : {});
  return (
    <Page
      title={page > 1 ? `Blog — page ${page}` : 'Blog'}
      heading="The GiftLane blog"
      description={
        'Guides for gift card sellers in Nigeria and Ghana: spotting used cards, card forms and rates, ' +
        'withdrawals to banks and mobile money.'
      }
      lead="Practical guides to selling gift cards safely and getting the best rate."
    >
      <Async state={posts} what="the blog" lines={6}>
        {(list) => (
          <>
            {list.length === 0 ? (
              <p className="pub-empty">
                No posts here yet. {page > 1 && <Link to="/blog">Back to the latest posts</Link>}
              </p>
            ) : (
              <ul className="blog-list">
                {list.map((p) => (
                  <li key={p.slug}>
                    <h2>
                      <Link to={`/blog/post/${encodeURIComponent(p.slug)}`}>{p.title}</Link>
                    </h2>
                    <p className="pub-muted">
                      {formatDate(p.published_at)} · {p.author}
                    </p>
                    <p>{p.excerpt}</p>
                  </li>
                ))}
              </ul>
            )}
            <nav className="pub-pager" aria-label="Blog pages">
              {page > 1 ? (
                <button type="button" className="gl-btn" onClick={() => go(page - 1)}>
                  ← Newer posts
                </button>
              ) : (
                <span />
              )}
              {list.length === PAGE_SIZE && (
                <button type="button" className="gl-btn" onClick={() => go(page + 1)}>
                  Older posts →
                </button>
              )}
            </nav>
          </>
        )}
      </Async>
    </Page>
  );
}
