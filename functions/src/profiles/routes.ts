import { newRouter } from '../http/context';

export const onboardingRoutes = newRouter();
export const founderProfileRoutes = newRouter();
export const advisorProfileRoutes = newRouter();
export const profileRoutes = newRouter();
