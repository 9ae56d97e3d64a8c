/**
 * Reports one page view per page shown through the analytics port (Plausible today); the
 * address of an auth page, as the page or as its referrer, goes without its query, which
 * can hold a code.
 */
import { createAnalytics } from '../../../lib/analytics/port';
import { pageViewUrl } from '../../../lib/analytics/private-pages';
import { onEachPage } from './page-events';

const settings = document.querySelector<HTMLElement>('[data-analytics="plausible"]');
if (settings?.dataset.domain && settings.dataset.endpoint) {
  const port = createAnalytics({
    provider: 'plausible',
    domain: settings.dataset.domain,
    endpoint: settings.dataset.endpoint,
  });
  onEachPage(() => port.pageView({ url: pageViewUrl(location.href), referrer: document.referrer && pageViewUrl(document.referrer) }));
}
