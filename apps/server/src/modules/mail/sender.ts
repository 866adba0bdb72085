// What delivers codes and notices; the senders themselves are in senders.ts.
import type { Locale, Scene } from '@hx/protocol';

export interface Message {
  channel: 'sms' | 'mail';
  destination: string;
  scene: Scene;
  code: string;
  lang: Locale;
  /** The recipient's anti-phishing code, shown in mails (stamped on by the sender, never SMS). */
  antiPhishing?: string | null;
}

/** A notice by mail, in the words of its in-app notification (a login from a new device). */
export interface Notice {
  destination: string;
  lang: Locale;
  title: string;
  body: string;
  antiPhishing?: string | null;
}

/** Delivers verification codes. Pluggable: demo outbox, SMTP, and whatever comes later. */
export interface Sender {
  send(message: Message): Promise<void>;
  /** Mails a notice where a mail sender is configured (the demo outbox takes codes only). */
  notice?(notice: Notice): Promise<void>;
}
