import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { outbox, type Db } from '@hx/db';
import type { Config } from '../../config.ts';
import { deliveryFailed } from '../../lib/deliveries.ts';
import { AppError } from '../../lib/errors.ts';
import { antiPhishingLine, withAntiPhishing } from './anti-phishing.ts';
import { smsSender } from './sms.ts';
import { CODE_SUBJECT, CODE_TEXT } from './texts.ts';
import type { Message, Notice, Sender } from './sender.ts';

export type { Message, Notice, Sender };

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
      ? [CODE_SUBJECT[mail.lang], CODE_TEXT[mail.lang].replace('{code}', mail.code)]
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
          if (err instanceof AppError) continue; // not this sender's channel
          deliveryFailed(message.channel);
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
  if (config.sms) senders.push(smsSender(config.sms, { secret: config.smsWebhookSecret, log }));
  if (senders.length === 0) log.warn('no code sender configured: set SMTP_URL (and SMS_URL)');
  return withAntiPhishing(combined(senders, log), db);
}
