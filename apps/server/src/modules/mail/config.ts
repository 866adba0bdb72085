/** SMS_URL: who texts the codes (read at start by config.ts; the sender is sms.ts). */
export type SmsTarget =
  | { kind: 'twilio'; accountSid: string; authToken: string; from: string }
  | { kind: 'webhook'; url: string };

const TWILIO = /^twilio:\/\/([^:@/]+):([^@/]+)@([^/?#]+)$/;
const TWILIO_SHAPE = 'SMS_URL must look like twilio://ACCOUNT_SID:AUTH_TOKEN@FROM_NUMBER';

/** Reads SMS_URL; throws a message naming what is wrong (never repeating the secret). */
export function smsTargetOf(value: string): SmsTarget {
  if (value.startsWith('twilio:')) {
    const [, sid = '', token = '', from = ''] = TWILIO.exec(value) ?? [];
    const decode = (part: string) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return '';
      }
    };
    const [accountSid, authToken, sender] = [decode(sid), decode(token), decode(from)];
    if (!/^AC\w{32}$/.test(accountSid) || !authToken || !sender) throw new Error(TWILIO_SHAPE);
    // The number in E.164 ("+" optional in the URL), or an alphanumeric sender id as it is.
    return {
      kind: 'twilio',
      accountSid,
      authToken,
      from: /^\+?\d+$/.test(sender) ? `+${sender.replace(/^\+/, '')}` : sender,
    };
  }
  if (/^https?:\/\/[^/]/.test(value)) return { kind: 'webhook', url: value };
  throw new Error('SMS_URL must be twilio://… or an https:// webhook');
}
