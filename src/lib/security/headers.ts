/**
 * The browser security headers of every page (ASVS V14.4): the CSP, HSTS outside a local
 * stack, no framing, no MIME sniffing, a referrer policy, and no caching of pages that carry
 * member data or auth codes. Pure: the middleware passes what it knows of the request.
 */
import type { AppConfig } from '../config';
import { contentSecurityPolicy } from './content-security-policy';

/** One year, the usual HSTS lifetime (and the minimum for browser preload lists). */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

/** Whether a host name is this machine: no HSTS there (it would pin localhost to HTTPS). */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export interface SecurityHeadersInput {
  url: URL;
  config: Pick<AppConfig, 'mediaBaseUrl' | 'analytics' | 'chat'>;
  scriptHashes: readonly string[];
  /** A member is signed in, or the page carries a code or a form of the sign-in flow. */
  private: boolean;
}

/** The headers to set on a page response. */
export function securityHeaders({ url, config, scriptHashes, private: isPrivate }: SecurityHeadersInput): Record<string, string> {
  const local = isLocalHost(url.hostname);
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy({ config, scriptHashes, upgradeInsecureRequests: !local }),
    'X-Content-Type-Options': 'nosniff',
    // frame-ancestors covers current browsers; X-Frame-Options covers the rest.
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
  if (!local) headers['Strict-Transport-Security'] = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`;
  if (isPrivate) headers['Cache-Control'] = 'no-store';
  return headers;
}

/**
 * The headers to set on `response`: a Content-Security-Policy it already carries is kept.
 * Only API answers passed on by the session proxy carry one, such as the sandbox of a message
 * attachment (functions/src/inbox/attachments.ts), which the page policy must not replace:
 * an HTML or SVG file opened from a message would otherwise run as a page of this origin.
 */
export function headersToSet(response: Response, headers: Record<string, string>): Record<string, string> {
  if (!response.headers.has('content-security-policy')) return headers;
  const { 'Content-Security-Policy': _pagePolicy, ...rest } = headers;
  return rest;
}
