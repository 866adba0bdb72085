import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankCards, freshDatabase, type Database } from '@hx/db';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';

const CARD_NUMBER = '4111111111111111';
const ID_NUMBER = '11010119900307777X';

let database: Database;
let app: App;
const lines: string[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  // The logger as main.ts configures it, writing to this test instead of stdout.
  app = await buildApp(
    { config: loadConfig({}), database },
    { logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } },
  );
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** What a query throws. */
async function failure(query: Promise<unknown>): Promise<unknown> {
  return query.then(
    () => expect.fail('the query succeeded'),
    (err: unknown) => err,
  );
}

/** The lines logged by `log`, parsed. */
function logged(log: () => void): Record<string, unknown>[] {
  lines.length = 0;
  log();
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('a failed query in the log', () => {
  it('names the SQL and the code, never the card number it was given', async () => {
    // Not-null violation: the driver's error lists the values and PostgreSQL's detail the row.
    const err = await failure(
      database.db.insert(bankCards).values({
        userId: 1,
        name: 'Card Holder',
        cardNumber: CARD_NUMBER,
        depositaryBank: null as unknown as string,
        branch: 'b',
        bankName: 'b',
        bankAddress: 'b',
        swiftCode: 'b',
        payeeAddress: 'b',
        zipCode: 'b',
      }),
    );
    expect(JSON.stringify(err, Object.getOwnPropertyNames(err))).toContain(CARD_NUMBER);

    const written = logged(() => {
      app.log.error({ err }, 'unhandled error');
      app.log.child({ reqId: 'req-1' }).error(err); // no message: pino takes the error's
    });
    expect(lines.join('')).not.toContain(CARD_NUMBER);
    expect(written).toHaveLength(2);
    for (const line of written) {
      const logErr = line.err as Record<string, unknown>;
      expect(logErr.code).toBe('23502');
      expect(logErr.query).toMatch(/^insert into "bank_cards"/);
      expect(logErr.message).toMatch(/violates not-null constraint/);
      expect(logErr.stack).toMatch(/\n\s+at /);
    }
    expect(written[0]!.msg).toBe('unhandled error');
    expect(written[1]!.msg).toMatch(/^Failed query: insert into "bank_cards"/);
  });

  it('never quotes the ID number a data error could not read', async () => {
    const err = await failure(database.db.execute(sql`select ${ID_NUMBER}::int as n`));
    expect(JSON.stringify(err, Object.getOwnPropertyNames(err))).toContain(ID_NUMBER);

    const [line] = logged(() => app.log.warn({ err }, 'lookup failed'));
    expect(lines.join('')).not.toContain(ID_NUMBER);
    const logErr = line!.err as Record<string, unknown>;
    expect(logErr.code).toMatch(/^22/); // a data exception
    expect(logErr.message).toMatch(/for type integer/);
  });
});
