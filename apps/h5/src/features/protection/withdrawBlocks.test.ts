import { beforeAll, describe, expect, it } from 'vitest';
import type { SecurityState } from '@hx/protocol';
import chinese from '@hx/protocol/error-messages/zh';
import { addErrorMessages } from '../../i18n/errors.ts';
import { formatTime } from '../../lib/date.ts';
import { protectionCount } from './summary.ts';
import { withdrawBlocks } from './withdrawBlocks.ts';

const state = (over: Partial<SecurityState> = {}): SecurityState => ({
  login_password: true,
  fund_password: true,
  two_factor: false,
  passkeys: 0,
  anti_phishing: null,
  whitelist: { on: false, off_at: null },
  withdraw_locked_until: null,
  ...over,
});
const until = Date.UTC(2026, 0, 2, 10, 30);

// The app adds a language's error messages once it is chosen (i18n/index.ts).
beforeAll(() => addErrorMessages('zh', chinese));

describe('withdrawBlocks', () => {
  it('stops nothing while withdrawals are open and the address is usable', () => {
    expect(withdrawBlocks(state(), { usable_at: null }, 'en')).toEqual([]);
    expect(withdrawBlocks(undefined, undefined, 'en')).toEqual([]);
  });

  it('names the time the pause ends and the time a new address opens, in the reader’s words', () => {
    const blocks = withdrawBlocks(
      state({ withdraw_locked_until: until }),
      { usable_at: until },
      'zh',
    );
    expect(blocks.map((b) => [b.key, b.message, b.to])).toEqual([
      [
        'withdrawLock',
        `账户安全设置已变更，提现暂停至 ${formatTime(until, 'zh')}`,
        '/pages/settings/security/withdrawProtection',
      ],
      [
        'whitelist',
        `提现白名单已开启：该地址自 ${formatTime(until, 'zh')} 起才可接收提现`,
        '/pages/settings/security/withdrawProtection',
      ],
    ]);
  });
});

describe('protectionCount', () => {
  it('counts the optional protections that are on', () => {
    expect(protectionCount(state())).toEqual({ on: 1, total: 5 });
    expect(
      protectionCount(
        state({
          two_factor: true,
          passkeys: 2,
          anti_phishing: 'Bl**42',
          whitelist: { on: true, off_at: until },
        }),
      ),
    ).toEqual({ on: 5, total: 5 });
  });
});
