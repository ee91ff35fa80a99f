// /blog/post/:slug (and /blogs/post/:slug). The loader asks the api for the post first: an
// unknown slug answers 404, and the shell's boundary shows its not-found page. A network failure
// is not a 404: the post's frame shows with a Retry.
import { useMemo } from 'react';
import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from '@giftlane/shared-sdk/router';
import { ApiError, formatDate, type BlogPost, LoadError, Loading } from '@giftlane/shared-sdk';
import { Page } from '../lib/page';
import { sanitizeHtml } from '../features/blog/sanitize';
import { loadBlogPost } from '../lib/api';

type PostData = { post: BlogPost; error?: undefined } | { post?: undefined; error: unknown };

export async function loader({ params }: LoaderFunctionArgs): Promise<PostData> {
  const slug = params.slug ?? '';
  try {
    return { post: await loadBlogPost(slug) };
  } catch (error) {
    // The api answers an unknown (or malformed) slug with a business failure, not a transport one.
    if (error instanceof ApiError && error.kind === 'api') throw new Response('Not found', { status: 404 });
    return { error };
  }
}

export default function BlogPostPage() {
  const data = useLoaderData() as PostData;
  const revalidator = useRevalidator();
  const html = useMemo(() => (data.post ? sanitizeHtml(data.post.html) : ''), [data.post]);
  if (!data.post) {
    return (
      <Page title="Blog" heading="The GiftLane blog" description="Guides for gift card sellers in Nigeria and Ghana.">
        {revalidator.state === 'loading' ? (
          <Loading label="Loading the post…" />
        ) : (
          <LoadError error={data.error} retry={() => void revalidator.revalidate()} what="this post" />
        )}
        <p className="pub-section">
          <Link to="/blog">← All posts</Link>
        </p>
      </Page>
    );
  }
  const { post } = data;
  return (
    <Page title={post.title} description={post.excerpt || post.title}>
      <p className="pub-muted">
        {formatDate(post.published_at)} · {post.author}
      </p>
      <div className="blog-post" dangerouslySetInnerHTML={{ __html: html }} />
      <p className="pub-section">
        <Link to="/blog">← All posts</Link>
      </p>
    </Page>
  );
}
