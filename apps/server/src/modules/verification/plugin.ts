import { serverModule } from '../../lib/module.ts';

/**
 * How a user or operator proves it is them: one-time codes to a mailbox or phone, the
 * authenticator's codes and recovery codes, password tries and their lockout. No routes: the
 * modules that ask for a proof (auth, security, withdraw, ...) serve them.
 */
export const verificationModule = serverModule({ name: 'verification' });
