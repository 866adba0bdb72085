import type { FastifyServerOptions } from 'fastify';

/**
 * How an error reaches the log, in place of pino's serializer. A failed query's error carries
 * the values it was given (drizzle's `params` and its message's "params:" line, PGlite's
 * `params`), and PostgreSQL quotes the row in `detail` ("Failing row contains (…)", "Key (…)=(…)")
 * and the parameter in `where`: users' card and ID numbers. The log keeps the SQL text (values
 * are placeholders there), the code and the constraint; never a value.
 */

/** Fields that quote values. */
const VALUES = new Set([
  'params',
  'parameters',
  'detail',
  'hint',
  'where',
  'internalQuery',
  'queryOptions',
]);
/** Named by the database error behind a failed query; lifted to the logged error. */
const LIFTED = ['code', 'constraint', 'table', 'column'] as const;

type ErrorLike = Error & Record<string, unknown>;

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { message?: unknown }).message === 'string';

/** PostgreSQL's data exceptions (class 22) quote the value they could not take. */
const isDataException = (err: ErrorLike) =>
  typeof err.code === 'string' && /^22[0-9A-Z]{3}$/.test(err.code);

function messageOf(err: ErrorLike): string {
  let message = err.message;
  const params = message.indexOf('\nparams:');
  if (params >= 0) message = message.slice(0, params);
  if (isDataException(err)) message = message.replace(/"[^"]*"/g, '"…"');
  return message;
}

/** The stack's frames under the cleaned message (the original first line repeats the message). */
function stackOf(err: ErrorLike): string {
  const stack = typeof err.stack === 'string' ? err.stack : '';
  const frames = stack.search(/\n\s+at /);
  return `${err.name}: ${messageOf(err)}${frames >= 0 ? stack.slice(frames) : ''}`;
}

/** The error and its causes, each once. */
function chainOf(err: ErrorLike): ErrorLike[] {
  const chain: ErrorLike[] = [];
  for (let e: unknown = err; isErrorLike(e) && !chain.includes(e); e = e.cause) chain.push(e);
  return chain;
}

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

function serialize(err: ErrorLike, seen: Set<unknown>): LoggedError {
  seen.add(err);
  const chain = chainOf(err);
  const out: LoggedError = {
    type: typeof err.constructor === 'function' ? err.constructor.name : err.name,
    message: chain.map(messageOf).join(': '),
    stack: chain.map(stackOf).join('\ncaused by: '),
  };
  for (const key of LIFTED) {
    const value = chain.find((e) => e[key] !== undefined && e[key] !== null)?.[key];
    if (value !== undefined) out[key] = value;
  }
  if (Array.isArray(err.errors))
    out.aggregateErrors = err.errors.map((e: unknown) =>
      isErrorLike(e) && !seen.has(e) ? serialize(e, seen) : undefined,
    );
  for (const key in err) {
    if (Object.hasOwn(out, key) || VALUES.has(key) || key === 'cause' || key === 'errors') continue;
    const value = err[key];
    if (!isErrorLike(value)) out[key] = value;
    else if (!seen.has(value)) out[key] = serialize(value, seen);
  }
  return out;
}

/** The `err` serializer: an error as the log may show it (anything else stays as it is). */
export function errorForLog(err: Error): LoggedError {
  return isErrorLike(err) ? serialize(err, new Set()) : (err as unknown as LoggedError);
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;
type LogMethod = NonNullable<NonNullable<LoggerOptions['hooks']>['logMethod']>;

/**
 * pino writes an error's own message as the line's `msg` when none is given (and Fastify passes
 * `err.message` itself): that message is cleaned too.
 */
const cleanMessage: LogMethod = function (args, method) {
  const [first, msg] = args as unknown[];
  const fields = first as { err?: unknown; msg?: unknown } | null | undefined;
  const err = first instanceof Error ? first : fields?.err;
  const untold = msg === undefined && (first instanceof Error || fields?.msg === undefined);
  if (isErrorLike(err) && (untold || msg === err.message)) {
    const rest = args.slice(2) as unknown[];
    return method.apply(this, [first, chainOf(err).map(messageOf).join(': '), ...rest] as never);
  }
  return method.apply(this, args);
};

/** Logger options with errors logged as `errorForLog` shows them; `false` stays no logger. */
export function withSafeErrors(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    serializers: { ...options.serializers, err: errorForLog },
    hooks: { ...options.hooks, logMethod: cleanMessage },
  };
}
