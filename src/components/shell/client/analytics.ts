/** Reports one page view per page shown through the analytics port (Plausible today). */
import { createAnalytics } from '../../../lib/analytics/port';
import { onEachPage } from './page-events';

const settings = document.querySelector<HTMLElement>('[data-analytics="plausible"]');
if (settings?.dataset.domain && settings.dataset.endpoint) {
  const port = createAnalytics({
    provider: 'plausible',
    domain: settings.dataset.domain,
    endpoint: settings.dataset.endpoint,
  });
  onEachPage(() => port.pageView({ url: location.href, referrer: document.referrer }));
}
