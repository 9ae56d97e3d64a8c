import { newRouter } from '../http/context';

export const founderSearchRoutes = newRouter();
export const advisorSearchRoutes = newRouter();
export const profilesRoutes = newRouter();
