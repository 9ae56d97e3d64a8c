import { newRouter } from '../http/context';

export const cityRoutes = newRouter();
