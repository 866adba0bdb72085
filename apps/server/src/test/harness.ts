import { freshDatabase } from '@hx/db';
import { buildApp, type App, type AppOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { manualClock } from '../lib/clock.ts';
import { seed } from '../seed.ts';

export interface TestApp {
  app: App;
  clock: ReturnType<typeof manualClock>;
  config: Config;
  close(): Promise<void>;
}

/** `options` reach buildApp, e.g. `{ market: { symbols: ['BTCUSDT'] } }`. */
export async function testApp(
  overrides: Partial<Config> = {},
  options: Partial<Omit<AppOptions, 'config' | 'database' | 'clock'>> = {},
): Promise<TestApp> {
  const config = { ...loadConfig({}), ...overrides };
  const database = await freshDatabase();
  await seed(database.db, config);
  const clock = manualClock(new Date());
  const app = await buildApp({ ...options, config, database, clock });
  return {
    app,
    clock,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

type Fields = Record<string, string>;

/** A form-encoded request, as the app sends them; returns status and parsed envelope. */
export async function call(
  app: App,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  fields: Fields = {},
  headers: Record<string, string> = {},
) {
  const form = new URLSearchParams(fields).toString();
  const response = await app.inject({
    method,
    url: method === 'GET' && form ? `/api/${path}?${form}` : `/api/${path}`,
    headers:
      method === 'GET'
        ? headers
        : { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: method === 'GET' ? undefined : form,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.statusCode, body: response.json() as any };
}

/** The latest code the demo outbox holds for a destination. */
export async function latestCode(app: App, to: string): Promise<string> {
  const { body } = await call(app, 'GET', 'dev/outbox', { to });
  const code = body.message.list[0]?.code;
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

/** Registers an email account through the real flow and returns its token. */
export async function registerEmail(
  app: App,
  email: string,
  password = 'secret123',
  extra: Fields = {},
) {
  await call(app, 'POST', 'sms_mail', { email, scene: 'register' });
  const code = await latestCode(app, email);
  const { status, body } = await call(app, 'POST', 'user/register', {
    account: email,
    code,
    password,
    re_password: password,
    agree: '1',
    ...extra,
  });
  if (status !== 200) throw new Error(`register failed: ${JSON.stringify(body)}`);
  return body.message as { token: string; user: { id: number; invite_code: string } };
}
