import { z } from 'zod';
import { recoveryCodesResult, twoFactorSetup } from '../admin-security.ts';
import { defineEndpoints } from '../endpoint.ts';
import { twoFactorRoutes } from '../routes/two-factor.ts';
import { twoFactorDisableBody, twoFactorEnableBody } from '../two-factor.ts';

export const twoFactorEndpoints = defineEndpoints('security', twoFactorRoutes, {
  twoFactorSetup: {
    summary:
      'Start setting up an authenticator: a fresh secret (kept pending) and its otpauth address',
    response: twoFactorSetup,
  },
  twoFactorEnable: {
    summary:
      'Turn the authenticator on with its first code; answers 10 one-time recovery codes, shown once',
    body: twoFactorEnableBody,
    response: recoveryCodesResult,
  },
  twoFactorDisable: {
    summary:
      'Turn the authenticator off with a code from it or a recovery code; withdrawals lock for 24 h',
    body: twoFactorDisableBody,
    response: z.object({}),
  },
});
