import { eq } from 'drizzle-orm';
import { isLocale, type NotificationKind } from '@hx/protocol';
import { users, type Db } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import { AfterCommit, notifyNow, type Announcer, type Facts, type Notice } from './notify.ts';
import { render } from './render.ts';

type Mailer = Pick<ServerDeps, 'db' | 'log' | 'sender'>;

/**
 * Mails a notification to its user in their language, where the account has an email and a mail
 * sender is configured; the sender heads it with the user's anti-phishing code. The address is
 * read before returning, the delivery is not waited for: the change is done, and a slow mail
 * server must not hold up its answer.
 */
export async function mailNotice<K extends NotificationKind>(
  app: Mailer,
  notice: Notice<K>,
): Promise<void> {
  if (!app.sender.notice) return;
  const [user] = await app.db
    .select({ email: users.email, lang: users.lang })
    .from(users)
    .where(eq(users.id, notice.userId));
  if (!user?.email) return;
  const lang = isLocale(user.lang) ? user.lang : 'en';
  const text = render(notice.kind, notice.facts as Facts, lang);
  app.sender
    .notice({ destination: user.email, lang, ...text })
    .catch((err: unknown) => app.log.error({ err, kind: notice.kind }, 'notice mail failed'));
}

/**
 * A change to what protects the account (the authenticator, the anti-phishing code, the
 * whitelist, API keys, devices) is told in the bell and by mail, so that whoever made it without
 * the owner is found out: stored in the change's transaction, pushed and mailed after its commit.
 */
export class MailedAfterCommit extends AfterCommit {
  private readonly mails: Notice[] = [];

  override async notify<K extends NotificationKind>(tx: Db, notice: Notice<K>): Promise<void> {
    await super.notify(tx, notice);
    this.mails.push(notice);
  }

  /** After the commit only. Never throws for the push; a failed address read is logged. */
  override async send(app: Announcer & Mailer): Promise<void> {
    await super.send(app);
    for (const notice of this.mails)
      await mailNotice(app, notice).catch((err: unknown) =>
        app.log.error({ err, kind: notice.kind }, 'notice mail failed'),
      );
  }
}

/** The same for a change that is one statement: stored and pushed, then mailed. */
export async function tellSecurityChange<K extends NotificationKind>(
  app: Mailer & Pick<ServerDeps, 'hub'>,
  notice: Notice<K>,
): Promise<void> {
  await notifyNow(app, notice);
  await mailNotice(app, notice);
}
