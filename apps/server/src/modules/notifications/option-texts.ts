import type { Locale, NotificationKind } from '@hx/protocol';

// texts.ts's NotificationText, written out: texts.ts imports this file.
type NotificationText = { title: string; body: string };

/** An option refunded because no fresh index price came in time to settle it honestly. */
export const OPTION_STALE_TEXTS: Record<
  'option_refund_stale' & NotificationKind,
  Record<Locale, NotificationText>
> = {
  option_refund_stale: {
    en: {
      title: 'Option refunded: no price to settle',
      body: 'Your {type} option on {name} (opened at {open_price}) could not be settled: prices from the exchanges stopped coming in when it ended and were still missing {minutes} min later. Your stake of {amount} {coin} is back in your options account.',
    },
    zh: {
      title: '期权已退还：无结算价格',
      body: '您在 {name} 的{type}期权（开仓价 {open_price}）无法结算：到期时各交易所的价格中断，{minutes} 分钟后仍未恢复。本金 {amount} {coin} 已退回期权账户。',
    },
    hk: {
      title: '期權已退還：無結算價格',
      body: '您在 {name} 的{type}期權（開倉價 {open_price}）無法結算：到期時各交易所的價格中斷，{minutes} 分鐘後仍未恢復。本金 {amount} {coin} 已退回期權賬戶。',
    },
    jp: {
      title: 'オプションを返金しました：決済価格なし',
      body: '{name} の{type}オプション（開始価格 {open_price}）は決済できませんでした。終了時に取引所からの価格が途絶え、{minutes} 分後も戻らなかったためです。元本 {amount} {coin} をオプションアカウントに返金しました。',
    },
    kr: {
      title: '옵션 환불: 정산 가격 없음',
      body: '{name} {type} 옵션(시작가 {open_price})을 정산할 수 없었습니다. 종료 시점에 거래소 가격이 끊겼고 {minutes}분 후에도 돌아오지 않았습니다. 원금 {amount} {coin}이 옵션 계정으로 환불되었습니다.',
    },
    esp: {
      title: 'Opción reembolsada: sin precio para liquidar',
      body: 'Tu opción {type} en {name} (apertura a {open_price}) no se pudo liquidar: los precios de los mercados dejaron de llegar al terminar y seguían sin llegar {minutes} min después. Tu importe de {amount} {coin} ha vuelto a tu cuenta de opciones.',
    },
    th: {
      title: 'คืนเงินออปชันแล้ว: ไม่มีราคาสำหรับชำระ',
      body: 'ออปชัน{type}ของคุณใน {name} (ราคาเปิด {open_price}) ไม่สามารถชำระได้ เพราะราคาจากตลาดหยุดส่งเข้ามาเมื่อครบกำหนดและยังไม่กลับมาหลังผ่านไป {minutes} นาที เงินลงทุน {amount} {coin} ถูกคืนเข้าบัญชีออปชันแล้ว',
    },
  },
};
