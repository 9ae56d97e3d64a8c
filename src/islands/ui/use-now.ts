/**
 * The current time for relative dates: the server's render time on the first render (so
 * hydration matches), then the browser's clock, ticking every minute.
 */
import { useEffect, useState } from 'react';

export function useNow(renderedAt: number): { now: number; mounted: boolean } {
  const [now, setNow] = useState(renderedAt);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return { now, mounted };
}
