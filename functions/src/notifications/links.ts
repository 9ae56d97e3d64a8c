/** The app's paths the notifications open (src/lib/connections/tabs.ts, src/pages/post/[slug].astro). */
export const NOTIFICATION_LINKS = {
  requests: '/connections',
  connections: '/connections?tab=connections',
  post: (slug: string) => `/post/${encodeURIComponent(slug)}`,
  password: '/settings/password',
  profile: '/settings/profile',
  views: '/views',
  messageRequests: '/inbox?folder=requests',
  sessions: '/sessions',
  invitations: '/settings/invitations',
  verification: '/settings/verification',
} as const;
