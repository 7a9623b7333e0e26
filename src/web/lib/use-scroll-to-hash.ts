import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** How long a linked section may take to appear (its card loads its own data). */
const WAIT_MS = 3_000;

/**
 * Scrolls to the element a link's `#hash` names once it is on the page (e.g. a notification's
 * '/settings#webhooks'): the browser's own jump happens before a lazily loaded screen renders it.
 */
export function useScrollToHash(): void {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const giveUpAt = performance.now() + WAIT_MS;
    let frame = 0;
    const look = () => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView({ block: 'start' });
      else if (performance.now() < giveUpAt) frame = requestAnimationFrame(look);
    };
    look();
    return () => cancelAnimationFrame(frame);
  }, [hash]);
}
