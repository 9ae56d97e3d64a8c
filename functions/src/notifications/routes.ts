/**
 * The notification routes of SPEC.md §7, mounted at /notifications (beside
 * notify-tagged-users, which the feed owns).
 */
import { newRouter } from '../http/context';

export const notificationRoutes = newRouter();
