import SonicBoom from 'sonic-boom';

/** Unwritten log output kept while the reader is slow; lines beyond it are dropped. */
const BACKLOG_BYTES = 1024 * 1024;
/** The reader or the file is gone for good: writing again cannot succeed. */
const GONE = new Set(['EPIPE', 'ECONNRESET', 'EBADF']);

export interface LogDestination {
  write(line: string): void;
  /** Writes what is still queued, waiting at most `ms`; later lines are dropped. */
  close(ms?: number): Promise<void>;
}

const ignore = () => undefined;

/**
 * Where the log lines go (stdout, or `file`): writing never blocks the process and never stops it.
 *
 * This is pino's destination (sonic-boom), built directly rather than with `pino.destination`:
 * that one registers a synchronous flush at exit which, on a full pipe (EAGAIN) or a closed one
 * (EPIPE), sleeps and retries for ever, so the process ignored SIGTERM. Here writes are
 * asynchronous, a full pipe is retried by sonic-boom's timer while new lines beyond
 * `BACKLOG_BYTES` are dropped, a reader that is gone stops the logging, and `close` waits for
 * the queue a bounded time.
 */
export function logDestination(file?: string): LogDestination {
  // Opening stdout as a stream makes a pipe non-blocking (libuv); an EPIPE on it (console.log
  // after the reader went away) is ignored instead of crashing the process.
  process.stdout.on('error', ignore);
  process.stderr.on('error', ignore);
  const out = new SonicBoom({
    ...(file ? { dest: file, mkdir: true } : { fd: process.stdout.fd }),
    sync: false,
    maxLength: BACKLOG_BYTES,
  });
  let writing = true;
  let opened = false;
  out.once('ready', () => (opened = true));
  out.on('error', (err: NodeJS.ErrnoException) => {
    if (file) console.error(`LOG_FILE ${file}: ${err.message}`);
    // A file that could not be opened is never retried; a failed write (a full disk) is, with
    // the next line, the queue staying bounded.
    if (!opened || GONE.has(err.code ?? '')) writing = false;
  });
  return {
    write(line) {
      if (writing) out.write(line);
    },
    close(ms = 1000) {
      if (!writing) return Promise.resolve();
      writing = false;
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(done, ms);
        out.once('close', done);
        out.once('error', done);
        out.end();
      });
    },
  };
}
