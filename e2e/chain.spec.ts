import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { createTestClient, createWalletClient, http, parseEther, publicActions } from 'viem';
import {
  dataDir,
  snapshotThemes,
  TID,
  expectBooksBalanced,
  messages,
  open,
  registerByApi,
  signIn,
  text,
} from './support.ts';

/**
 * A deposit found on chain (e2e/server.mjs runs anvil, a local EVM node, and the server watches
 * it for ERC20 deposits of ETH and USDT, 3 confirmations): the user sees it at once with its
 * confirmations, its transaction and the explorer link, then credited.
 */
const en = messages('en');
const anvilUrl = () => readFileSync(new URL('anvil-url', dataDir), 'utf8');
/** Anvil's first unlocked development account. */
const FUNDED = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

test('an ETH deposit is seen at once with its confirmations and credited after them', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const url = anvilUrl();
  const chain = createTestClient({ mode: 'anvil', transport: http(url) }).extend(publicActions);
  const wallet = createWalletClient({ transport: http(url) });
  const user = await registerByApi(request, 'chain');
  await signIn(page, user);

  // The deposit page says the network credits by itself: no proof to submit.
  await open(page, '/pages/deposit/index?currency_id=2');
  await expect(page.getByTestId(TID.deposit.automatic)).toHaveText(
    text(en, 'deposit.automaticNote').replace('{{count}}', '3'),
  );
  await expect(page.getByTestId(TID.deposit.paid)).toHaveCount(0);
  const address = (await page.getByTestId(TID.deposit.address).textContent())!;
  await snapshotThemes(page, 'chain-deposit-page', TID.deposit.automatic);

  const tx = await wallet.sendTransaction({
    account: FUNDED,
    chain: null,
    to: address as `0x${string}`,
    value: parseEther('0.5'),
  });
  await expect
    .poll(async () => {
      const response = await request.get('/api/wallet/records?type=deposit', {
        headers: user.headers,
      });
      return (await response.json()).message.list[0]?.state;
    })
    .toBe('confirming');
  const listed = await request.get('/api/wallet/records?type=deposit', { headers: user.headers });
  const id: number = (await listed.json()).message.list[0].id;

  await page.getByTestId(TID.deposit.track).click();
  await expect(page.getByTestId(TID.records.confirmations('deposit', id))).toHaveText(
    '1 / 3 confirmations',
  );
  await snapshotThemes(page, 'chain-records-confirming', TID.records.confirmations('deposit', id));

  await page.getByTestId(TID.records.item('deposit', id)).click();
  await expect(page.getByTestId(TID.records.detail.row('confirmations'))).toHaveText('1 / 3');
  await expect(page.getByTestId(TID.records.detail.row('txHash'))).toContainText(tx);
  await expect(page.getByTestId(TID.records.detail.explorer)).toHaveAttribute(
    'href',
    `https://explorer.example/tx/${tx}`,
  );
  await expect(page.getByTestId(TID.records.detail.chainNote)).toBeVisible();
  await snapshotThemes(page, 'chain-detail-confirming', TID.records.detail.chainNote);

  // Two more blocks: credited, and the detail follows by itself.
  await chain.mine({ blocks: 2 });
  await expect(page.getByTestId(TID.records.detail.status)).toHaveAttribute(
    'data-state',
    'passed',
    {
      timeout: 20_000,
    },
  );
  await expect(page.getByTestId(TID.records.detail.row('confirmations'))).toHaveText('3 / 3');
  await snapshotThemes(page, 'chain-detail-credited', TID.records.detail.status);
  await expectBooksBalanced(request);
});
