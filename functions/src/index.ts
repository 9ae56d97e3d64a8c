import { Hono } from 'hono';
export { RateLimiter } from './rate-limit/rate-limiter';

const app = new Hono<{ Bindings: Env }>();
app.get('/health', async (c) => {
  const row = await c.env.DB.prepare('select count(*) as n from users').first();
  return c.json({ ok: true, row, env: c.env.ENVIRONMENT });
});
export default app;
