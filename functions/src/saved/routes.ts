/**
 * The saved routes, mounted at /saved: saved people with their private notes (members.ts)
 * and saved searches (searches.ts). Handlers only translate HTTP.
 */
import { limitPerMember } from '../http/rate-limit-guards';
import { newRouter } from '../http/context';
import { errorResponses, JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { RATE_LIMITS } from '../rate-limit/policies';
import { MEMBERS, routesFor } from '../session/guards';
import { SAVED_LIMITS, SAVED_MESSAGES as M } from '../shared/saved-messages';
import {
  MemberParamSchema,
  savedCriteria,
  SavedMemberListSchema,
  SavedMemberSchema,
  SavedSearchListSchema,
  SavedSearchParamSchema,
  SavedSearchSchema,
  SaveMemberBodySchema,
  SaveSearchBodySchema,
  UnsavedMemberSchema,
} from './schemas';
import { saveMember, savedMember, savedMembersOf, unsaveMember } from './members';
import { deleteSavedSearch, saveSearch, savedSearchesOf } from './searches';

const route = routesFor(MEMBERS);
const tags = ['Saved'];
const flood = `At most ${RATE_LIMITS.savedChangesByMember.limit} saved-list and pause changes an hour. \`Retry-After\` says when to try again.`;

export const savedRoutes = newRouter()
  .openapi(
    route({
      method: 'get',
      path: '/members',
      tags,
      summary: 'Your saved people',
      description: 'The members you saved, newest first, with your private notes. Members who left, are suspended or are blocked either way are not shown.',
      responses: { 200: jsonResponse(SavedMemberListSchema, 'Your saved people.'), ...errorResponses([401]) },
    }),
    async (c) => c.json({ data: await savedMembersOf(c.get('deps'), c.get('account').user.id) }, 200),
  )
  .openapi(
    route({
      method: 'get',
      path: '/members/{memberId}',
      tags,
      summary: 'A saved member and your note',
      request: { params: MemberParamSchema },
      responses: { 200: jsonResponse(SavedMemberSchema, 'The member and your note.'), ...errorResponses([400, 401, 404], { 404: M.notSaved }) },
    }),
    async (c) => c.json(await savedMember(c.get('deps'), c.get('account').user.id, c.req.valid('param').memberId), 200),
  )
  .openapi(
    route({
      method: 'put',
      path: '/members/{memberId}',
      tags,
      summary: 'Save a member, or edit your note',
      description: `Saves the member with a private note (at most ${SAVED_LIMITS.noteMax} characters) that nobody else ever reads; saving a saved member replaces the note.`,
      middleware: [limitPerMember('savedChangesByMember', 'changes')] as const,
      request: { params: MemberParamSchema, ...jsonBody(SaveMemberBodySchema) },
      responses: {
        200: jsonResponse(SavedMemberSchema, 'The member as saved.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 404, 429], { 400: `A bad id, yourself, or a note too long; \`data.fields\` names it.`, 404: M.memberNotFound, 429: flood }),
      },
    }),
    async (c) => c.json(await saveMember(c.get('deps'), c.get('account').user.id, c.req.valid('param').memberId, c.req.valid('json').note), 200),
  )
  .openapi(
    route({
      method: 'delete',
      path: '/members/{memberId}',
      tags,
      summary: 'Remove a saved member',
      description: 'Takes the member off your list, with your note.',
      middleware: [limitPerMember('savedChangesByMember', 'changes')] as const,
      request: { params: MemberParamSchema },
      responses: { 200: jsonResponse(UnsavedMemberSchema, 'Not saved any more.'), ...errorResponses([400, 401, 404, 429], { 404: M.notSaved, 429: flood }) },
    }),
    async (c) => {
      const { memberId } = c.req.valid('param');
      await unsaveMember(c.get('deps'), c.get('account').user.id, memberId);
      return c.json({ memberId, saved: false as const }, 200);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/searches',
      tags,
      summary: 'Your saved searches',
      description: 'Your saved founder and advisor searches, newest first, and how many you may keep (`SAVED_SEARCHES_FREE`, `SAVED_SEARCHES_PREMIUM`).',
      responses: { 200: jsonResponse(SavedSearchListSchema, 'Your saved searches.'), ...errorResponses([401]) },
    }),
    async (c) => c.json(await savedSearchesOf(c.get('deps'), c.get('account')), 200),
  )
  .openapi(
    route({
      method: 'post',
      path: '/searches',
      tags,
      summary: 'Save a search',
      description:
        'Keeps a founder or advisor search under a name. Once a day the members who joined since and match it are looked for; when there are some you get a notification (pushed, or in your digest, by your `savedSearches` setting).',
      middleware: [limitPerMember('savedChangesByMember', 'changes')] as const,
      request: jsonBody(SaveSearchBodySchema),
      responses: {
        201: jsonResponse(SavedSearchSchema, 'The search saved.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 409, 429], {
          400: 'A name empty or too long, or a query the search would refuse; `data.fields` names it (`query.<filter>`).',
          409: 'You keep as many saved searches as you may (the message says how many).',
          429: flood,
        }),
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const { query } = savedCriteria(body.memberType, body.query);
      return c.json(await saveSearch(c.get('deps'), c.get('account'), { ...body, query }), 201);
    },
  )
  .openapi(
    route({
      method: 'delete',
      path: '/searches/{id}',
      tags,
      summary: 'Remove a saved search',
      middleware: [limitPerMember('savedChangesByMember', 'changes')] as const,
      request: { params: SavedSearchParamSchema },
      responses: { 200: jsonResponse(SavedSearchListSchema, 'Your saved searches now.'), ...errorResponses([400, 401, 404, 429], { 404: M.searchNotFound, 429: flood }) },
    }),
    async (c) => {
      await deleteSavedSearch(c.get('deps'), c.get('account').user.id, c.req.valid('param').id);
      return c.json(await savedSearchesOf(c.get('deps'), c.get('account')), 200);
    },
  );
