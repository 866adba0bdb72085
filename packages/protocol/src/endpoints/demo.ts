import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { demoRoutes } from '../routes/demo.ts';

/** A code "sent", as the outbox keeps it. */
const message = z.object({
  to: z.string(),
  scene: z.string(),
  code: z.string(),
  at: z.number(),
  text: z
    .string()
    .optional()
    .describe("a mail's text as it reads now (with the recipient's anti-phishing code)"),
});

export const demoEndpoints = defineEndpoints('demo', demoRoutes, {
  demoOutbox: {
    summary: 'Latest codes sent to an address (demo mode only; this machine or an operator)',
    query: z.object({ to: z.string().trim().min(1, { error: 'ACCOUNT_REQUIRED' }) }),
    response: z.object({ list: z.array(message) }),
  },
});
