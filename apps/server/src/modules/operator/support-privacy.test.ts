import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycSubmissions } from '@hx/db';
import { call } from '../../test/harness.ts';
import {
  adminToken,
  auth,
  moneyApp,
  seedUser,
  upload,
  type MoneyApp,
  type TestUser,
} from '../wallet/test-kit.ts';

let t: MoneyApp;
let support: string;
let reviewer: string;
let alice: TestUser;
let photo: string;

const ID_NUMBER = 'K1234567890';
const ADDRESS = '9 Harbour Road, Wan Chai';

beforeAll(async () => {
  t = await moneyApp();
  support = await adminToken(t, 'support');
  reviewer = await adminToken(t, 'reviewer');
  alice = await seedUser(t);
  photo = await upload(t.app, alice.token);
  await t.db.insert(kycSubmissions).values([
    { userId: alice.id, level: 'basic', country: 'HK', name: 'Alice Chan', idNumber: ID_NUMBER },
    {
      userId: alice.id,
      level: 'advanced',
      address: ADDRESS,
      front: photo,
      back: photo,
      hand: photo,
    },
  ]);
});
afterAll(() => t.close());

const detail = async (token: string) =>
  (await call(t.app, 'GET', `admin/users/${alice.id}`, {}, auth(token))).body.message;

describe("support and a user's identity papers", () => {
  it('shows support the KYC state with the ID number masked, without address or photos', async () => {
    const seen = await detail(support);
    const text = JSON.stringify(seen);
    expect(text).not.toContain(ID_NUMBER);
    expect(text).not.toContain(ADDRESS);
    expect(text).not.toContain(photo.split('/').pop());
    const basic = seen.kyc.find((k: { level: string }) => k.level === 'basic');
    expect(basic).toMatchObject({ status: 'review', name: 'Alice Chan', id_number: 'K1*******90' });
    // The reviewer, who decides KYC, still sees everything.
    const full = JSON.stringify(await detail(reviewer));
    expect(full).toContain(ID_NUMBER);
    expect(full).toContain(photo);
  });

  it("does not let support attach the user's own upload to a reply, or then read it", async () => {
    const reply = await call(
      t.app,
      'POST',
      'admin/chat/reply',
      { user_id: String(alice.id), client_id: randomUUID(), image: photo },
      auth(support),
    );
    expect(reply.body.code).toBe('UPLOAD_INVALID');
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/admin/chat/image/${photo.split('/').pop()}`,
      headers: auth(support),
    });
    expect(read.statusCode).toBe(404);
  });
});
