import { z } from 'zod';
import { loginHistoryPage, loginHistoryQuery, sessionList, sessionsEnded } from '../devices.ts';
import { defineEndpoints } from '../endpoint.ts';
import { idField } from '../fields.ts';
import { deviceRoutes } from '../routes/device.ts';

export const deviceEndpoints = defineEndpoints('security', deviceRoutes, {
  deviceSessions: {
    summary: 'Your live sessions (devices), the most recently used first',
    response: sessionList,
  },
  deviceRevoke: {
    summary: 'End one of your sessions: its token stops working at once',
    params: z.object({ id: idField('SESSION_NOT_FOUND') }),
    response: z.object({}),
  },
  deviceRevokeOthers: {
    summary: 'Log out every other device: all your sessions but this one end at once',
    response: sessionsEnded,
  },
  deviceLoginHistory: {
    summary: 'Your login attempts, newest first: when, from where, how, and the result',
    query: loginHistoryQuery,
    response: loginHistoryPage,
  },
});
