import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { hasPasswordResult, payPasswordBody } from '../identity.ts';
import { antiPhishingBody, securityState, whitelistBody } from '../protection.ts';
import { securityRoutes } from '../routes/security.ts';

export const securityEndpoints = defineEndpoints('security', securityRoutes, {
  securityFundPassword: {
    summary:
      "Set or change the 6-digit fund password with a 'security' code sent to the user's own email or phone",
    body: payPasswordBody,
    response: z.object({}),
  },
  securityHasFundPassword: {
    summary: 'Whether a fund password is set',
    response: hasPasswordResult,
  },
  securityState: {
    summary:
      'Which protections are on: fund password, authenticator, passkeys, anti-phishing code, withdrawal whitelist and lock',
    response: securityState,
  },
  securityAntiPhishing: {
    summary:
      'Set or change the anti-phishing code (4–20 letters, digits, - or _) every mail shows; fund password, and `totp` with 2FA on',
    body: antiPhishingBody,
    response: securityState,
  },
  securityWhitelist: {
    summary:
      'Withdrawal whitelist (`on` 1 or 0): on at once, off 24 h after asking; with it on only addresses saved 24 h ago receive. Fund password, and `totp` with 2FA on',
    body: whitelistBody,
    response: securityState,
  },
});
