import { expect, it } from 'vitest';
import { createBook, type Book, type Command, type Event } from './index.ts';
import { fuzzSpec, generateCommands, withTimeInForce } from './testing.ts';

const COUNT = 100_000;
const CHECK_EVERY = 1_000;

const json = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));

const label = (e: Event) =>
  e.type === 'rejected'
    ? `rejected:${e.code}`
    : e.type === 'cancelled'
      ? `cancelled:${e.reason}`
      : e.type;

function checkpoint(fast: Book, reference: Book, at: number): void {
  const view = (book: Book) => ({
    at,
    hash: book.stateHash(),
    size: book.size(),
    best: [book.bestBid(), book.bestAsk()],
    depth: book.depth(20),
  });
  expect(view(fast)).toEqual(view(reference));
}

/** What a new order's own events say about it must add up: filled + left = what it asked for. */
function checkTakerAccounts(command: Command, events: Event[]): void {
  if (command.type === 'cancel' || events[0]?.type !== 'accepted') return;
  let amount = 0n;
  let quote = 0n;
  let left = 0n;
  for (const e of events) {
    if (e.type === 'trade' && e.takerId === events[0].id) {
      amount += e.amount;
      quote += e.quote;
    }
    if ((e.type === 'resting' || e.type === 'cancelled') && e.id === events[0].id)
      left = e.remaining;
  }
  if ('funds' in command) expect(quote + left).toBe(command.funds);
  else expect(amount + left).toBe(command.amount);
}

it(`fast and reference books agree on ${COUNT.toLocaleString('en')} generated commands`, () => {
  const fast = createBook(fuzzSpec, 'fast');
  const reference = createBook(fuzzSpec, 'reference');
  const seen = new Set<string>();
  let deepest = 0;
  let at = 0;
  for (const command of generateCommands(COUNT, 20_251_121)) {
    const events = fast.apply(command);
    const expected = reference.apply(command);
    // One string comparison per command keeps 100,000 of them fast; toEqual shows a failure.
    if (json(events) !== json(expected))
      expect({ at, command, events }).toEqual({ at, command, events: expected });
    checkTakerAccounts(command, events);
    const [bid, ask] = [fast.bestBid(), fast.bestAsk()];
    if (bid !== null && ask !== null && bid >= ask) expect.fail(`crossed book after command ${at}`);
    for (const e of events) seen.add(label(e));
    deepest = Math.max(deepest, fast.size());
    if (++at % CHECK_EVERY === 0) checkpoint(fast, reference, at);
  }
  checkpoint(fast, reference, at);
  expect(fast.snapshot()).toEqual(reference.snapshot());
  // The generated flow reached every outcome and a book deep enough to matter.
  expect([...seen].sort()).toEqual(
    [
      'accepted',
      'cancelled:dust',
      'cancelled:market-remainder',
      'cancelled:self-trade',
      'cancelled:user',
      'done',
      'rejected:DuplicateOrderId',
      'rejected:InvalidAmount',
      'rejected:InvalidFunds',
      'rejected:InvalidPrice',
      'rejected:NoLiquidity',
      'rejected:UnknownOrder',
      'resting',
      'trade',
    ].sort(),
  );
  expect(deepest).toBeGreaterThan(500);
});

it('fast and reference books agree when limit orders carry IOC, FOK and post-only', () => {
  const fast = createBook(fuzzSpec, 'fast');
  const reference = createBook(fuzzSpec, 'reference');
  const seen = new Set<string>();
  let at = 0;
  for (const command of withTimeInForce(generateCommands(COUNT / 2, 7), 11)) {
    const events = fast.apply(command);
    const expected = reference.apply(command);
    if (json(events) !== json(expected))
      expect({ at, command, events }).toEqual({ at, command, events: expected });
    checkTakerAccounts(command, events);
    // An IOC or FOK order never rests; a FOK one cancelled has traded nothing.
    if (command.type === 'limit' && (command.timeInForce ?? 'gtc') !== 'gtc')
      expect(events.some((e) => e.type === 'resting')).toBe(false);
    if (events.some((e) => e.type === 'cancelled' && e.reason === 'fok'))
      expect(events.some((e) => e.type === 'trade')).toBe(false);
    for (const e of events) seen.add(label(e));
    if (++at % CHECK_EVERY === 0) checkpoint(fast, reference, at);
  }
  checkpoint(fast, reference, at);
  for (const outcome of ['cancelled:ioc-remainder', 'cancelled:fok', 'rejected:PostOnlyWouldTake'])
    expect(seen).toContain(outcome);
});
