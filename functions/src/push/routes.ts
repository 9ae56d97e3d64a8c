/**
 * Web push devices (mounted at /push) and notification preferences (mounted at
 * /notifications): every route is the signed-in member's own data.
 */
import { ApiError, invalidFields } from '../errors';
import { newRouter } from '../http/context';
import { errorResponses, JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { MEMBERS, routesFor } from '../session/guards';
import { limitPerMember } from '../http/rate-limit-guards';
import { FLOOD_LIMITS, RATE_LIMITS } from '../rate-limit/policies';
import { readPushConfig } from './config';
import { endpointProblem } from './endpoints';
import { listDevices, removeDevice, subscribeDevice } from './devices';
import { readPreferences, savePreferences } from './preferences';
import { DeviceIdParamSchema, DeviceInputSchema, DeviceListSchema, DeviceSchema, PreferencesChangeSchema, PreferencesSchema, PushKeySchema, RemovedSchema } from './schemas';

const route = routesFor(MEMBERS);

const pushDoc = { tags: ['Web push'] };
const NOT_CONFIGURED = 'Push notifications are not configured on this server.';

/** Mounted at /push. */
export const pushRoutes = newRouter()
  .openapi(
    route({
      method: 'get',
      path: '/key',
      ...pushDoc,
      summary: 'The public key to subscribe a device with',
      responses: { 200: jsonResponse(PushKeySchema, 'The VAPID public key.'), ...errorResponses([401, 404], { 404: NOT_CONFIGURED }) },
    }),
    async (c) => {
      const config = readPushConfig(c.env);
      if (!config) throw new ApiError(404, NOT_CONFIGURED);
      return c.json({ publicKey: config.publicKey }, 200);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/devices',
      ...pushDoc,
      summary: 'Your devices with push turned on',
      responses: { 200: jsonResponse(DeviceListSchema, 'Oldest first.'), ...errorResponses([401]) },
    }),
    async (c) => c.json({ devices: await listDevices(c.get('deps'), c.get('account').user.id) }, 200),
  )
  .openapi(
    route({
      method: 'post',
      path: '/devices',
      ...pushDoc,
      summary: 'Turn push on for this device',
      description: `The browser's PushSubscription (\`subscription.toJSON()\`). The same endpoint again replaces its keys. The endpoint must be a browser's push service (FCM, Mozilla, Windows, Apple) over https on port 443. You keep the ${FLOOD_LIMITS.pushDevicesPerMember} newest devices: one more removes the oldest.`,
      middleware: [limitPerMember('pushDevicesByMember', 'devices registered')] as const,
      request: jsonBody(DeviceInputSchema),
      responses: {
        201: jsonResponse(DeviceSchema, 'The device.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 404, 429], {
          400: 'Invalid input, named in `data.fields`: `endpoint` (not a browser push service over https), `keys`.',
          404: NOT_CONFIGURED,
          429: `At most ${RATE_LIMITS.pushDevicesByMember.limit} registrations an hour. \`Retry-After\` says when to try again.`,
        }),
      },
    }),
    async (c) => {
      const config = readPushConfig(c.env);
      if (!config) throw new ApiError(404, NOT_CONFIGURED);
      const input = c.req.valid('json');
      const problem = endpointProblem(input.endpoint, config);
      if (problem) throw invalidFields({ endpoint: problem });
      const userAgent = (input.userAgent ?? c.req.header('User-Agent') ?? '').slice(0, 300);
      return c.json(await subscribeDevice(c.get('deps'), c.get('account').user.id, { ...input, userAgent }), 201);
    },
  )
  .openapi(
    route({
      method: 'delete',
      path: '/devices/{id}',
      ...pushDoc,
      summary: 'Turn push off for one of your devices',
      request: { params: DeviceIdParamSchema },
      responses: { 200: jsonResponse(RemovedSchema, 'Whether it was removed.'), ...errorResponses([400, 401, 404], { 404: 'No such device of yours.' }) },
    }),
    async (c) => {
      const removed = await removeDevice(c.get('deps'), c.get('account').user.id, { id: c.req.valid('param').id });
      if (!removed) throw new ApiError(404, 'No such device of yours.');
      return c.json({ removed }, 200);
    },
  );

/** Mounted at /notifications. */
export const preferenceRoutes = newRouter()
  .openapi(
    route({
      method: 'get',
      path: '/preferences',
      tags: ['Notifications'],
      summary: 'How you want to hear about things away from the site',
      responses: { 200: jsonResponse(PreferencesSchema, 'Your preferences, defaults filled in.'), ...errorResponses([401]) },
    }),
    async (c) => c.json(await readPreferences(c.get('deps'), c.get('account').user.id), 200),
  )
  .openapi(
    route({
      method: 'patch',
      path: '/preferences',
      tags: ['Notifications'],
      summary: 'Change some of your notification preferences',
      description: 'Kinds and fields left out keep their value.',
      request: jsonBody(PreferencesChangeSchema),
      responses: { 200: jsonResponse(PreferencesSchema, 'All your preferences.'), ...errorResponses([...JSON_BODY_ERRORS, 401]) },
    }),
    async (c) => c.json(await savePreferences(c.get('deps'), c.get('account').user.id, c.req.valid('json')), 200),
  );
