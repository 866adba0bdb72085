import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addAddressBody,
  addressItem,
  addressListBody,
  created,
  editAddressBody,
  editAddressResult,
  idBody,
  pageOf,
} from '@hx/protocol';
import { empty, ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { addAddress, deleteAddress, labelAddress, listAddresses } from './service.ts';

const tags = ['addresses'];
const security = [{ token: [] }];

export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/wallet/addaddress',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          "Save a withdraw address (format and checksum checked per network) with the fund password and an 'address' code",
        body: addAddressBody,
        response: { 200: okSchema(created) },
      },
    },
    async (request) => ok(await addAddress(app, userOf(request), request.body)),
  );

  app.post(
    '/wallet/editaddress',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Rename one of your withdraw addresses (an empty label removes the name)',
        body: editAddressBody,
        response: { 200: okSchema(editAddressResult) },
      },
    },
    async (request) =>
      ok(await labelAddress(app, userOf(request).id, request.body.id, request.body.label)),
  );

  app.post(
    '/wallet/deladdress',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Delete one of your withdraw addresses',
        body: idBody,
        response: { 200: okSchema(empty) },
      },
    },
    async (request) => {
      await deleteAddress(app, userOf(request).id, request.body.id);
      return ok({});
    },
  );

  app.post(
    '/wallet/get_address',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Your withdraw addresses, newest first (optionally of one coin)',
        body: addressListBody,
        response: { 200: okSchema(pageOf(addressItem)) },
      },
    },
    async (request) => ok(await listAddresses(app, userOf(request).id, request.body)),
  );
};
