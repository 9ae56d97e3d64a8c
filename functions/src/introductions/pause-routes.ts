/**
 * The pause routes, mounted at /matching: whether you are looking, "I'm not looking now" and
 * resume (pause.ts). Handlers only translate HTTP.
 */
import { limitPerMember } from '../http/rate-limit-guards';
import { newRouter } from '../http/context';
import { errorResponses, jsonResponse } from '../openapi/responses';
import { RATE_LIMITS } from '../rate-limit/policies';
import { MEMBERS, routesFor } from '../session/guards';
import { PauseStateSchema } from '../saved/schemas';
import { pause, pauseStateOf, resume } from './pause';

const route = routesFor(MEMBERS);
const tags = ['Introductions'];
const flood = `At most ${RATE_LIMITS.savedChangesByMember.limit} saved-list and pause changes an hour. \`Retry-After\` says when to try again.`;

export const pauseRoutes = newRouter()
  .openapi(
    route({
      method: 'get',
      path: '/pause',
      tags,
      summary: 'Whether you are paused',
      responses: { 200: jsonResponse(PauseStateSchema, 'Your pause.'), ...errorResponses([401]) },
    }),
    async (c) => c.json(await pauseStateOf(c.get('deps'), c.get('account').user.id), 200),
  )
  .openapi(
    route({
      method: 'put',
      path: '/pause',
      tags,
      summary: 'Pause: I’m not looking now',
      description:
        'Takes you out of matching (nobody is suggested you, and your "Interested" waits unseen), member search and the directory until you resume. Your profile page, connections and conversations stay.',
      middleware: [limitPerMember('savedChangesByMember', 'changes')] as const,
      responses: { 200: jsonResponse(PauseStateSchema, 'You are paused.'), ...errorResponses([401, 429], { 429: flood }) },
    }),
    async (c) => c.json(await pause(c.get('deps'), c.get('account').user.id), 200),
  )
  .openapi(
    route({
      method: 'delete',
      path: '/pause',
      tags,
      summary: 'Resume: I’m looking again',
      middleware: [limitPerMember('savedChangesByMember', 'changes')] as const,
      responses: { 200: jsonResponse(PauseStateSchema, 'You are looking again.'), ...errorResponses([401, 429], { 429: flood }) },
    }),
    async (c) => c.json(await resume(c.get('deps'), c.get('account').user.id), 200),
  );
