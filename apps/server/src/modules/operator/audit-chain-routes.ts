import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { stringify } from 'csv-stringify/sync';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { routeOf } from '../../lib/endpoint.ts';
import type { ServerDeps } from '../../lib/deps.ts';
import { allow, ROLES } from '../operator-core/auth.ts';
import { chainRows, verifyAudit } from '../operator-core/audit.ts';
import { EXPORT_COLUMNS, exportRecord } from '../operator-core/audit-chain.ts';

const security = [{ token: [] }];

/**
 * The audit log's chain: checked by the server, and exported whole with its hashes so anyone
 * can check it without the server (`npm run audit:verify -- FILE`).
 */
export const auditChainRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.operatorAuditVerify, { security, under: '/admin' }),
    onRequest: allow(app, ROLES.admin),
    handler: async () => ok(await verifyAudit(app.db)),
  });

  app.get(
    '/audit/export',
    {
      onRequest: allow(app, ROLES.admin),
      schema: {
        tags: ['admin'],
        security,
        summary:
          'The whole audit log with its hash chain, oldest first: JSON lines or CSV (strings quoted, null empty), a file to keep and check offline',
        querystring: z.object({ format: z.enum(['jsonl', 'csv']).default('jsonl') }),
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const day = app.clock.now().toISOString().slice(0, 10);
      reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson')
        .header('content-disposition', `attachment; filename="audit-${day}.${format}"`);
      return reply.send(Readable.from(exportLines(app, format)));
    },
  );
};

/** Streamed a page at a time, so a long log is never held whole. */
async function* exportLines(app: Pick<ServerDeps, 'db'>, format: 'jsonl' | 'csv') {
  if (format === 'csv') yield stringify([[...EXPORT_COLUMNS]]);
  for await (const row of chainRows(app.db)) {
    const record = exportRecord(row);
    yield format === 'csv'
      ? stringify([EXPORT_COLUMNS.map((c) => record[c])], { quoted_string: true })
      : `${JSON.stringify(record)}\n`;
  }
}
