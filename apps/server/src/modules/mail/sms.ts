import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { CODE_TEXT } from './texts.ts';
import type { SmsTarget } from './config.ts';
import type { Message, Sender } from './sender.ts';

/**
 * Codes by text message: `SMS_URL` picks Twilio's Messages API (`twilio://SID:TOKEN@FROM`, its
 * documented REST call) or a generic HTTPS webhook (`https://…`, JSON `{to, text, purpose}`
 * signed with `SMS_WEBHOOK_SECRET`). A delivery the provider could not take for a passing reason
 * (no answer, 429, 5xx) is tried again twice; a refusal is not.
 */
export const TWILIO_API = 'https://api.twilio.com';

/** The webhook's signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function webhookSignature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

interface Options {
  secret?: string;
  /** Twilio's API root (tests point it at a local receiver). */
  twilioApi?: string;
  /** Waits between tries (ms). */
  retryMs?: readonly number[];
  now?: () => Date;
  log: FastifyBaseLogger;
}

/** Whether an answer is worth asking again: none, too many requests, or the provider's fault. */
const passing = (status: number | null) => status === null || status === 429 || status >= 500;

export function smsSender(target: SmsTarget, options: Options): Sender {
  const retryMs = options.retryMs ?? [500, 2000];
  const now = options.now ?? (() => new Date());
  const request = (message: Message): { url: string; init: RequestInit } => {
    const text = CODE_TEXT[message.lang].replace('{code}', message.code);
    const to = `+${message.destination.replace(/^\+/, '')}`;
    if (target.kind === 'twilio') {
      const api = options.twilioApi ?? TWILIO_API;
      const basic = Buffer.from(`${target.accountSid}:${target.authToken}`).toString('base64');
      return {
        url: `${api}/2010-04-01/Accounts/${target.accountSid}/Messages.json`,
        init: {
          method: 'POST',
          headers: {
            Authorization: `Basic ${basic}`,
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ To: to, From: target.from, Body: text }).toString(),
        },
      };
    }
    const body = JSON.stringify({ to, text, purpose: message.scene });
    return {
      url: target.url,
      init: {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Signature': webhookSignature(options.secret ?? '', body, now()),
        },
        body,
      },
    };
  };

  return {
    async send(message) {
      if (message.channel !== 'sms') throw new AppError('SEND_FAILED');
      const { url, init } = request(message);
      for (let attempt = 0; ; attempt += 1) {
        let status: number | null = null;
        let reason = '';
        try {
          const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
          status = response.status;
          if (response.ok) return;
          // Twilio answers {code, message}; the number and the text never reach the log.
          const answer = (await response.json().catch(() => null)) as { code?: unknown } | null;
          reason = `HTTP ${status}${answer?.code ? ` (code ${String(answer.code)})` : ''}`;
        } catch (err) {
          reason = err instanceof Error ? err.name : 'error';
        }
        const again = passing(status) && attempt < retryMs.length;
        options.log.warn({ provider: target.kind, reason, attempt, again }, 'text message failed');
        if (!again) throw new Error(`text message not delivered: ${reason}`);
        await new Promise((resolve) => setTimeout(resolve, retryMs[attempt]));
      }
    },
  };
}
