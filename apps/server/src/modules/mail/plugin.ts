import { serverModule } from '../../lib/module.ts';

/**
 * What goes out to a mailbox or phone: the senders (SMTP, or the outbox in demo mode and tests;
 * app.ts decorates `app.sender`), every mail with the user's anti-phishing line.
 */
export const mailModule = serverModule({ name: 'mail' });
