import type { Locale, NotificationKind } from '@hx/protocol';

// texts.ts's NotificationText, written out: texts.ts imports this file.
type NotificationText = { title: string; body: string };

/** The words of what users' bots did; `{why}` is an error code in the reader's language. */
export const BOT_TEXTS: Record<
  'bot_run_skipped' & NotificationKind,
  Record<Locale, NotificationText>
> = {
  bot_run_skipped: {
    en: {
      title: 'Recurring buy skipped: {name}',
      body: 'This period’s buy of {amount} {coin} was not made: {why}. The next one runs as planned.',
    },
    zh: {
      title: '定投本期未执行：{name}',
      body: '本期 {amount} {coin} 的买入未执行：{why}。下一期将按计划执行。',
    },
    hk: {
      title: '定投本期未執行：{name}',
      body: '本期 {amount} {coin} 的買入未執行：{why}。下一期將按計劃執行。',
    },
    jp: {
      title: '積立購入を見送りました：{name}',
      body: '今回の {amount} {coin} の購入は行われませんでした：{why}。次回は予定どおり実行します。',
    },
    kr: {
      title: '정기 매수 건너뜀: {name}',
      body: '이번 회차 {amount} {coin} 매수가 실행되지 않았습니다: {why}. 다음 회차는 예정대로 실행됩니다.',
    },
    th: {
      title: 'ข้ามการซื้อประจำ: {name}',
      body: 'การซื้อ {amount} {coin} ของรอบนี้ไม่ได้ดำเนินการ: {why} รอบถัดไปจะดำเนินการตามกำหนด',
    },
    esp: {
      title: 'Compra periódica omitida: {name}',
      body: 'La compra de {amount} {coin} de este periodo no se hizo: {why}. La siguiente se hará según lo previsto.',
    },
  },
};
