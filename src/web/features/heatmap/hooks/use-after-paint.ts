import { useEffect, useState } from 'react';

/**
 * `value`, caught up only once the frame showing the rest of the screen has been painted: heavy
 * work that follows it (redrawing the treemap) never holds back the table a filter just changed.
 */
export function useAfterPaint<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The animation frame callback runs just before the paint; a task queued there runs after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setSettled(() => value));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [value]);
  return settled;
}
