/**
 * The caller's address for rate limits: Cloudflare's CF-Connecting-IP, else the first
 * X-Forwarded-For entry (local proxies), else 'unknown' (all such callers share a bucket).
 */
export function clientIp(header: (name: string) => string | undefined): string {
  const connecting = header('CF-Connecting-IP')?.trim();
  if (connecting) return connecting;
  const forwarded = header('X-Forwarded-For')?.split(',')[0]?.trim();
  return forwarded || 'unknown';
}
