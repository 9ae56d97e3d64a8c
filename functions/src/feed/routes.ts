import { newRouter } from '../http/context';

export const feedPostRoutes = newRouter();
export const feedRoutes = newRouter();
export const adminFeedGroupRoutes = newRouter();
export const taggedUsersRoutes = newRouter();
