import { and, eq, isNotNull } from 'drizzle-orm';
import type { Locale } from '@hx/protocol';
import { accountSecurity, users, type Db } from '@hx/db';
import type { Sender } from './sender.ts';

/** The first line of every mail to a user who set an anti-phishing code. Never in an SMS. */
const LINE: Record<Locale, string> = {
  en: 'Anti-phishing code: {phrase}',
  zh: '防钓鱼码：{phrase}',
  hk: '防釣魚碼：{phrase}',
  jp: 'フィッシング対策コード：{phrase}',
  kr: '피싱 방지 코드: {phrase}',
  esp: 'Código antiphishing: {phrase}',
  th: 'รหัสป้องกันฟิชชิง: {phrase}',
};

export const antiPhishingLine = (lang: Locale, phrase: string) =>
  LINE[lang].replace('{phrase}', phrase);

/** The code of the user whose email is `email`, or null (no such user, or none set). */
export async function antiPhishingOf(
  db: Pick<Db, 'select'>,
  email: string,
): Promise<string | null> {
  const [row] = await db
    .select({ phrase: accountSecurity.antiPhishing })
    .from(users)
    .innerJoin(accountSecurity, eq(accountSecurity.userId, users.id))
    .where(and(eq(users.email, email.toLowerCase()), isNotNull(accountSecurity.antiPhishing)));
  return row?.phrase ?? null;
}

/**
 * Every mail `sender` delivers (codes and notices) carries the recipient's anti-phishing code,
 * looked up here at sending time; an SMS never does.
 */
export function withAntiPhishing(sender: Sender, db: Pick<Db, 'select'>): Sender {
  const stamped: Sender = {
    async send(message) {
      const antiPhishing =
        message.channel === 'mail' ? await antiPhishingOf(db, message.destination) : null;
      await sender.send({ ...message, antiPhishing });
    },
  };
  const { notice } = sender;
  if (notice)
    stamped.notice = async (mail) =>
      notice.call(sender, { ...mail, antiPhishing: await antiPhishingOf(db, mail.destination) });
  return stamped;
}
