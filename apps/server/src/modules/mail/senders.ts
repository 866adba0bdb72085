import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Locale } from '@hx/protocol';
import { outbox, type Db } from '@hx/db';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { antiPhishingLine, withAntiPhishing } from './anti-phishing.ts';
import type { Message, Notice, Sender } from './sender.ts';

export type { Message, Notice, Sender };

const SUBJECT: Record<Locale, string> = {
  en: 'Your verification code',
  zh: '您的验证码',
  hk: '您的驗證碼',
  jp: '認証コード',
  kr: '인증 코드',
  esp: 'Tu código de verificación',
  th: 'รหัสยืนยันของคุณ',
};
const BODY: Record<Locale, string> = {
  en: 'Your code is {code}. It expires in 10 minutes. Never share it with anyone.',
  zh: '您的验证码是 {code}，10分钟内有效。请勿告诉任何人。',
  hk: '您的驗證碼是 {code}，10分鐘內有效。請勿告訴任何人。',
  jp: '認証コードは {code} です。有効期限は10分です。誰にも教えないでください。',
  kr: '인증 코드는 {code}입니다. 10분 후 만료됩니다. 누구에게도 알려주지 마세요.',
  esp: 'Tu código es {code}. Caduca en 10 minutos. No lo compartas con nadie.',
  th: 'รหัสของคุณคือ {code} หมดอายุใน 10 นาที ห้ามบอกผู้อื่น',
};

/**
 * The subject and text of every mail the platform sends, codes and notices alike; the
 * recipient's anti-phishing code (when set) comes first.
 */
export function mailOf(mail: Pick<Message, 'code' | 'lang' | 'antiPhishing'> | Notice): {
  subject: string;
  text: string;
} {
  const [subject, text] =
    'code' in mail
      ? [SUBJECT[mail.lang], BODY[mail.lang].replace('{code}', mail.code)]
      : [mail.title, mail.body];
  if (!mail.antiPhishing) return { subject, text };
  return { subject, text: `${antiPhishingLine(mail.lang, mail.antiPhishing)}\n\n${text}` };
}

/** Demo mode: codes are "sent" to a table the outbox endpoint and the console read. */
export const outboxSender = (db: Db): Sender => ({
  async send({ channel, destination, scene, code }) {
    await db.insert(outbox).values({ channel, destination, scene, code });
  },
});

export function smtpSender(url: string, from: string): Sender {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      if (message.channel !== 'mail') throw new AppError('SEND_FAILED');
      await transport.sendMail({ from, to: message.destination, ...mailOf(message) });
    },
    async notice(notice) {
      await transport.sendMail({ from, to: notice.destination, ...mailOf(notice) });
    },
  };
}

/** Tries each sender that can take the channel; fails when none delivered. */
function combined(senders: Sender[], log: FastifyBaseLogger): Sender {
  return {
    async send(message) {
      let delivered = false;
      for (const sender of senders) {
        try {
          await sender.send(message);
          delivered = true;
        } catch (err) {
          if (!(err instanceof AppError))
            log.error({ err, channel: message.channel }, 'code delivery failed');
        }
      }
      if (!delivered) throw new AppError('SEND_FAILED');
    },
    // A lost notice is logged, never thrown: what it tells has already happened.
    async notice(notice) {
      for (const sender of senders) {
        try {
          await sender.notice?.(notice);
        } catch (err) {
          log.error({ err }, 'notice mail failed');
        }
      }
    },
  };
}

export function senderFor(config: Config, db: Db, log: FastifyBaseLogger): Sender {
  const senders: Sender[] = [];
  if (config.mode === 'demo') senders.push(outboxSender(db));
  if (config.smtpUrl) senders.push(smtpSender(config.smtpUrl, config.mailFrom));
  if (senders.length === 0) log.warn('no code sender configured: set SMTP_URL');
  return withAntiPhishing(combined(senders, log), db);
}
