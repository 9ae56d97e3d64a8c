// A worker that runs the product's own password hashing, so its cost is measured inside workerd.
import { hashPassword, verifyPassword } from '../../functions/src/auth/password';

let stored: string | undefined;

export default {
  async fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === '/hash') return new Response(await hashPassword('correct horse battery staple'));
    if (pathname === '/verify') {
      stored ??= await hashPassword('correct horse battery staple');
      return new Response(String(await verifyPassword('correct horse battery staple', stored)));
    }
    return new Response('noop');
  },
};
