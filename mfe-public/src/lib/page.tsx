// The frame every public page shares: its own h1, a lead paragraph and the page's sections.
import type { ReactNode } from 'react';
import { useMeta } from './use-meta';

export function Page({
  title,
  heading,
  description,
  lead,
  children,
  wide = false,
}: {
  /** Document title (before " — GiftLane"). */
  title: string;
  /** The h1; the title when absent. */
  heading?: string;
  description: string;
  lead?: ReactNode;
  children?: ReactNode;
  wide?: boolean;
}) {
  useMeta(title, description);
  return (
    <article className={`pub-page${wide ? ' pub-page--wide' : ''}`}>
      <header className="pub-page__head">
        <h1>{heading ?? title}</h1>
        {lead && <p className="pub-lead">{lead}</p>}
      </header>
      {children}
    </article>
  );
}
