// The tab's title follows the heading of the page on screen ("Connectors —
// Sourcedesk"), so tabs, history and screen readers tell pages apart. One rule
// for every page: each page has one h1, and the title is made from it.
import { useEffect } from 'react';

const BRAND = 'Sourcedesk';

/** The title for a page whose h1 says `heading` (none: the brand alone). */
export function titleFor(heading: string | null | undefined): string {
  const words = heading?.replace(/\s+/g, ' ').trim();
  if (!words) return BRAND;
  return words.includes(BRAND) ? words : `${words} — ${BRAND}`;
}

/** Keeps document.title on the first h1 inside `root`, as pages load and change. */
export function useTitleFromHeading(root: () => HTMLElement | null) {
  useEffect(() => {
    const element = root();
    if (!element) return;
    const follow = () => {
      const title = titleFor(element.querySelector('h1')?.textContent);
      if (document.title !== title) document.title = title;
    };
    follow();
    const observer = new MutationObserver(follow);
    observer.observe(element, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [root]);
}
