import { newRouter } from '../http/context';

export const commentRoutes = newRouter();
