import type { FaqItem } from '@giftlane/shared-sdk';

/** Answers in a category (all when empty) whose question or answer holds every word searched. */
export function filterFaqs(items: readonly FaqItem[], category: string, search: string): FaqItem[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return items.filter(
    (f) =>
      (!category || f.category_name === category) &&
      words.every((w) => `${f.question} ${f.answer}`.toLowerCase().includes(w)),
  );
}

/** Groups answers by category, in the order the categories are listed. */
export function groupFaqs(
  items: readonly FaqItem[],
  categories: readonly string[],
): Array<{ category: string; items: FaqItem[] }> {
  const order = [...categories, ...items.map((f) => f.category_name).filter((c) => !categories.includes(c))];
  return [...new Set(order)]
    .map((category) => ({ category, items: items.filter((f) => f.category_name === category) }))
    .filter((g) => g.items.length > 0);
}
