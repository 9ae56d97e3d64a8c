/**
 * Route documentation shared by the connection routes: the tag, the security, and error
 * entries whose bodies carry no fields (conflicts here are about states, not inputs).
 */
import { ErrorSchema, errorResponses } from '../openapi/responses';

export const connectionsDoc = { tags: ['Connections'] };

type Status = Parameters<typeof errorResponses>[0][number];

/** errorResponses with 409 answered in the plain error shape (`data: null`). */
export function stateErrors(statuses: readonly Status[], descriptions: Partial<Record<Status, string>> = {}) {
  const entries = errorResponses(statuses, descriptions);
  if (!statuses.includes(409)) return entries;
  return { ...entries, 409: { description: descriptions[409] ?? 'Not possible in the current state.', content: { 'application/json': { schema: ErrorSchema } } } };
}
