/**
 * The inbox routes of SPEC.md §7 Messages, mounted at /connections, and the attachment
 * upload, mounted at /upload. Handlers only translate HTTP to the domain functions.
 */
import { newRouter } from '../http/context';

export const inboxRoutes = newRouter();

export const uploadRoutes = newRouter();
