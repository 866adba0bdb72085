import { constants } from 'node:zlib';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/**
 * Answers of 1 KiB and more in brotli or gzip, as the client accepts. The apps' files are
 * compressed at build time and leave with their Content-Encoding set, which this plugin leaves
 * alone; the socket's upgrade never reaches it.
 */
export const compression = fp(async (app) => {
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 4: close to gzip's speed with smaller output; the answers are made per request.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Requests keep their plain bodies (and body limit): no compressed uploads.
    globalDecompression: false,
  });
});
