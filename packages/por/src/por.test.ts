import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildTree,
  H,
  indexOf,
  PAD,
  pathOf,
  unitsToAmount,
  userHashOf,
  verifyProof,
  type Proof,
} from './index.ts';

/** An independent SHA-256 (Node's), so the vector does not check the package against itself. */
const sha = (x: string) => createHash('sha256').update(x, 'utf8').digest('hex');

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const C = 'c'.repeat(64);

// Three users of one coin, worked by hand (and with Python's hashlib, giving the same hex):
// user 1 holds 150000000, user 2 holds 25, user 3 holds 7. By user hash the order is 2, 1, 3;
// the leaf level is odd, so it is completed with the pad.
const u1 = sha(`${A}|1`);
const u2 = sha(`${B}|2`);
const u3 = sha(`${C}|3`);
const leaf1 = sha(`leaf|${u1}|150000000`);
const leaf2 = sha(`leaf|${u2}|25`);
const leaf3 = sha(`leaf|${u3}|7`);
const pad = sha('pad');
const n1 = sha(`node|${leaf2}|25|${leaf1}|150000000`);
const n2 = sha(`node|${leaf3}|7|${pad}|0`);
const root = sha(`node|${n1}|150000025|${n2}|7`);

const users = [
  { userHash: userHashOf(A, 1), sum: '150000000' },
  { userHash: userHashOf(B, 2), sum: '25' },
  { userHash: userHashOf(C, 3), sum: '7' },
];

const proofOf = (id: number, nonce: string, sum: string): Proof => {
  const tree = buildTree(users);
  return {
    id: 9,
    currency_id: 1,
    user_id: id,
    nonce,
    sum,
    path: pathOf(tree, indexOf(tree, userHashOf(nonce, id))),
    root: tree.root,
  };
};

describe('the scheme, on a vector worked by hand', () => {
  it('hashes and orders as written', () => {
    expect(H('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(u2 < u1 && u1 < u3).toBe(true);
    expect(PAD).toEqual({ hash: pad, sum: '0' });
    expect(root).toBe('ee73ef268dca1d8231cce88e7d91013181079866ca6c4ef559ebd049851326e2');
  });

  it('builds the root and every level from leaves in any order', () => {
    const tree = buildTree([users[2]!, users[0]!, users[1]!]);
    expect(tree.levels.map((l) => l.map((n) => n.hash))).toEqual([
      [leaf2, leaf1, leaf3, pad],
      [n1, n2],
      [root],
    ]);
    expect(tree.root).toEqual({ hash: root, sum: '150000032' });
  });

  it('gives each user the siblings from their leaf up, with the side they sit on', () => {
    expect(proofOf(1, A, '150000000').path).toEqual([
      { side: 'left', hash: leaf2, sum: '25' },
      { side: 'right', hash: n2, sum: '7' },
    ]);
    expect(proofOf(3, C, '7').path).toEqual([
      { side: 'right', hash: pad, sum: '0' },
      { side: 'left', hash: n1, sum: '150000025' },
    ]);
  });

  it('verifies every user, showing each step', () => {
    const v = verifyProof(proofOf(1, A, '150000000'));
    expect(v.ok).toBe(true);
    expect(v.steps).toEqual([
      { kind: 'user', hash: u1 },
      { kind: 'leaf', hash: leaf1, sum: '150000000' },
      {
        kind: 'node',
        side: 'left',
        sibling: { hash: leaf2, sum: '25' },
        hash: n1,
        sum: '150000025',
      },
      {
        kind: 'node',
        side: 'right',
        sibling: { hash: n2, sum: '7' },
        hash: root,
        sum: '150000032',
      },
    ]);
    expect(verifyProof(proofOf(2, B, '25')).ok).toBe(true);
    expect(verifyProof(proofOf(3, C, '7')).ok).toBe(true);
  });

  it('takes a single leaf as its own root', () => {
    const tree = buildTree([users[1]!]);
    expect(tree.root).toEqual({ hash: leaf2, sum: '25' });
    expect(pathOf(tree, 0)).toEqual([]);
  });

  it('adds sums beyond 2^53 exactly', () => {
    const big = '123456789012345678901234567890';
    const tree = buildTree([
      { userHash: u1, sum: big },
      { userHash: u2, sum: big },
    ]);
    expect(tree.root.sum).toBe('246913578024691357802469135780');
  });

  it('refuses to build from a negative or fractional sum', () => {
    expect(() => buildTree([{ userHash: u1, sum: '-1' }])).toThrow();
    expect(() => buildTree([{ userHash: u1, sum: '1.5' }])).toThrow();
    expect(() => buildTree([])).toThrow();
  });
});

describe('a tampered proof fails', () => {
  const good = () => proofOf(1, A, '150000000');

  it('with a changed sum', () => {
    const v = verifyProof({ ...good(), sum: '150000001' });
    expect(v).toMatchObject({ ok: false, problem: 'hash' });
  });

  it('with a changed sum and a root sum changed to match', () => {
    const p = good();
    const v = verifyProof({ ...p, sum: '150000001', root: { ...p.root, sum: '150000033' } });
    expect(v).toMatchObject({ ok: false, problem: 'hash' });
  });

  it('with a swapped side', () => {
    const p = good();
    p.path[0] = { ...p.path[0]!, side: 'right' };
    expect(verifyProof(p)).toMatchObject({ ok: false, problem: 'hash' });
  });

  it('with a wrong nonce', () => {
    expect(verifyProof({ ...good(), nonce: B })).toMatchObject({ ok: false, problem: 'hash' });
  });

  it("with another user's id", () => {
    expect(verifyProof({ ...good(), user_id: 2 })).toMatchObject({ ok: false, problem: 'hash' });
  });

  it('with a changed path hash', () => {
    const p = good();
    p.path[1] = { ...p.path[1]!, hash: pad };
    expect(verifyProof(p)).toMatchObject({ ok: false, problem: 'hash' });
  });

  it('with a changed sibling sum', () => {
    const p = good();
    p.path[1] = { ...p.path[1]!, sum: '0' };
    expect(verifyProof(p)).toMatchObject({ ok: false, problem: 'hash' });
  });

  it('with a changed root sum only', () => {
    const p = good();
    expect(verifyProof({ ...p, root: { ...p.root, sum: '1' } })).toMatchObject({
      ok: false,
      problem: 'sum',
    });
  });

  it('with a dropped step', () => {
    const p = good();
    expect(verifyProof({ ...p, path: p.path.slice(1) }).ok).toBe(false);
  });

  it('when it does not follow the scheme', () => {
    const p = good();
    for (const bad of [
      null,
      { ...p, sum: '-5' },
      { ...p, sum: '0150000000' },
      { ...p, nonce: 'xyz' },
      { ...p, path: [{ ...p.path[0]!, side: 'up' }] },
      { ...p, path: [{ ...p.path[0]!, sum: '-25' }] },
      { ...p, root: { hash: root } },
    ]) {
      expect(verifyProof(bad)).toMatchObject({ ok: false, problem: 'malformed' });
    }
  });
});

describe('units', () => {
  it('shows integer units in coin units exactly', () => {
    expect(unitsToAmount('150000000', 8)).toBe('1.5');
    expect(unitsToAmount('7', 8)).toBe('0.00000007');
    expect(unitsToAmount('0', 4)).toBe('0');
    expect(unitsToAmount('123456789012345678901', 2)).toBe('1234567890123456789.01');
    expect(unitsToAmount('25', 0)).toBe('25');
  });
});
