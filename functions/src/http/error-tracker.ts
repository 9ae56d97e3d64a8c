/**
 * Uncaught errors go to Sentry (or any service that takes Sentry's envelopes) when the SENTRY_DSN
 * secret is set, and nowhere without it (docs/operations.md, docs/decisions.md "Logs, request ids and error reports (issue 28)").
 * `@sentry/cloudflare`'s `withSentry` is not used: it wraps every binding of the worker, D1 and the
 * Durable Objects included, even without a DSN. Only with a DSN does a request run inside the
 * SDK's `wrapRequestHandler`, with none of its default integrations: no request data (URL, query,
 * headers, cookies, body), no breadcrumbs from the console or fetch, no tracing. An event carries
 * the error, its stack and the tags given here (request id, route pattern, method); emails in
 * error messages are masked before it leaves.
 */
import type * as SentryModule from '@sentry/cloudflare';

type TrackerVars = { SENTRY_DSN?: string; ENVIRONMENT?: string };
type SentryEvent = Parameters<NonNullable<Parameters<typeof SentryModule.wrapRequestHandler>[0]['options']['beforeSend']>>[0];

/** The SDK, loaded by the first request of a worker with a DSN: without one it is never loaded. */
let sentry: typeof SentryModule | null = null;

const EMAIL = /[^\s@"'<>()]+@[^\s@"'<>()]+\.[^\s@"'<>()]+/g;
const MASKED_EMAIL = '[email]';

let scopesPerRequest = false;

/** What an event may carry: the error and our tags; nothing of the request or the person. */
function scrub(event: SentryEvent): SentryEvent {
  delete event.request;
  delete event.user;
  delete event.breadcrumbs;
  if (event.contexts) delete event.contexts.culture;
  if (event.message) event.message = event.message.replace(EMAIL, MASKED_EMAIL);
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = exception.value.replace(EMAIL, MASKED_EMAIL);
  }
  return event;
}

/** Runs one request of the worker, inside the tracker's per-request scope when a DSN is configured. */
export async function withErrorTracker(request: Request, vars: TrackerVars, context: ExecutionContext, handle: () => Promise<Response>): Promise<Response> {
  const dsn = vars.SENTRY_DSN?.trim();
  if (!dsn) return handle();
  sentry ??= await import('@sentry/cloudflare');
  const { dedupeIntegration, linkedErrorsIntegration, setAsyncLocalStorageAsyncContextStrategy, wrapRequestHandler } = sentry;
  if (!scopesPerRequest) {
    // Each request's scope (its tags) in an AsyncLocalStorage, so requests running at once stay apart.
    setAsyncLocalStorageAsyncContextStrategy();
    scopesPerRequest = true;
  }
  return wrapRequestHandler(
    {
      options: {
        dsn,
        environment: vars.ENVIRONMENT?.trim() || 'production',
        defaultIntegrations: false,
        integrations: [dedupeIntegration(), linkedErrorsIntegration()],
        sendDefaultPii: false,
        skipOpenTelemetrySetup: true,
        beforeSend: scrub,
      },
      request,
      context,
    },
    handle,
  );
}

/** Sends an error the app caught (the 500 answers of error-handler.ts); does nothing without a DSN. */
export function reportError(error: unknown, tags: Record<string, string>): void {
  sentry?.captureException(error, { tags });
}
