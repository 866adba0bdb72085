import type { Locale, NotificationKind } from '@hx/protocol';
import { BOT_TEXTS } from './bot-texts.ts';
import { OPTION_STALE_TEXTS } from './option-texts.ts';
import { SECURITY_CHANGE_TEXTS } from './security-texts.ts';

/**
 * The words of the notification centre in the seven languages. `{name}` placeholders are filled
 * from the notification's facts when it is read (render.ts): amounts and prices written for the
 * reader's language, words such as `{side}` looked up in WORDS. Every language has every kind
 * (the types say so, and texts.test.ts checks each has the same placeholders as English).
 */

export interface NotificationText {
  title: string;
  body: string;
}

export const NOTIFICATION_TEXTS: Record<NotificationKind, Record<Locale, NotificationText>> = {
  spot_filled: {
    en: {
      title: 'Spot order filled',
      body: 'Your {side} order on {name} filled: {amount} {base} at an average price of {price} {quote}.',
    },
    zh: {
      title: '币币订单已成交',
      body: '您在 {name} 的{side}订单已全部成交：{amount} {base}，成交均价 {price} {quote}。',
    },
    hk: {
      title: '幣幣訂單已成交',
      body: '您在 {name} 的{side}訂單已全部成交：{amount} {base}，成交均價 {price} {quote}。',
    },
    jp: {
      title: '現物注文が約定しました',
      body: '{name} の{side}注文が全量約定しました：{amount} {base}、平均約定価格 {price} {quote}。',
    },
    kr: {
      title: '현물 주문 체결',
      body: '{name} {side} 주문이 모두 체결되었습니다: {amount} {base}, 평균 체결가 {price} {quote}.',
    },
    esp: {
      title: 'Orden spot ejecutada',
      body: 'Tu orden de {side} en {name} se ha ejecutado por completo: {amount} {base} a un precio medio de {price} {quote}.',
    },
    th: {
      title: 'คำสั่งสปอตจับคู่สำเร็จ',
      body: 'คำสั่ง{side}ของคุณใน {name} จับคู่ครบแล้ว: {amount} {base} ที่ราคาเฉลี่ย {price} {quote}',
    },
  },
  lever_entry_filled: {
    en: {
      title: 'Limit entry filled',
      body: 'Your {side} limit entry on {name} opened at {price}: {lots} lots at {multiple}×.',
    },
    zh: {
      title: '限价开仓已成交',
      body: '您在 {name} 的{side}限价委托已开仓，开仓价 {price}，{lots} 手，{multiple} 倍。',
    },
    hk: {
      title: '限價開倉已成交',
      body: '您在 {name} 的{side}限價委託已開倉，開倉價 {price}，{lots} 手，{multiple} 倍。',
    },
    jp: {
      title: '指値エントリーが約定しました',
      body: '{name} の{side}指値注文が {price} で約定し、ポジションを建てました：{lots} ロット、{multiple} 倍。',
    },
    kr: {
      title: '지정가 진입 체결',
      body: '{name} {side} 지정가 주문이 {price}에 체결되어 포지션이 열렸습니다: {lots}랏, {multiple}배.',
    },
    esp: {
      title: 'Entrada límite ejecutada',
      body: 'Tu entrada límite en {side} en {name} se ha abierto a {price}: {lots} lotes con multiplicador {multiple}×.',
    },
    th: {
      title: 'คำสั่งเปิดสถานะแบบลิมิตจับคู่แล้ว',
      body: 'คำสั่งลิมิต{side}ของคุณใน {name} เปิดสถานะที่ราคา {price}: {lots} ล็อต ตัวคูณ {multiple} เท่า',
    },
  },
  lever_stop_loss: {
    en: {
      title: 'Stop loss triggered',
      body: 'Your {side} position on {name} hit its stop loss ({stop}) and closed at the recorded price {price}. P&L: {profit} {coin}.',
    },
    zh: {
      title: '止损已触发',
      body: '您在 {name} 的{side}仓位触发止损（{stop}），已按记录价格 {price} 平仓。盈亏：{profit} {coin}。',
    },
    hk: {
      title: '止損已觸發',
      body: '您在 {name} 的{side}倉位觸發止損（{stop}），已按記錄價格 {price} 平倉。盈虧：{profit} {coin}。',
    },
    jp: {
      title: '損切りが発動しました',
      body: '{name} の{side}ポジションが損切り（{stop}）に達し、記録価格 {price} で決済されました。損益：{profit} {coin}。',
    },
    kr: {
      title: '손절 실행',
      body: '{name} {side} 포지션이 손절가({stop})에 도달해 기록 가격 {price}에 청산되었습니다. 손익: {profit} {coin}.',
    },
    esp: {
      title: 'Stop de pérdidas activado',
      body: 'Tu posición en {side} en {name} alcanzó su stop de pérdidas ({stop}) y se cerró al precio registrado de {price}. Resultado: {profit} {coin}.',
    },
    th: {
      title: 'ตัดขาดทุนทำงานแล้ว',
      body: 'สถานะ{side}ของคุณใน {name} แตะจุดตัดขาดทุน ({stop}) และถูกปิดที่ราคาที่บันทึกไว้ {price} กำไร/ขาดทุน: {profit} {coin}',
    },
  },
  lever_take_profit: {
    en: {
      title: 'Take profit triggered',
      body: 'Your {side} position on {name} hit its take profit ({stop}) and closed at the recorded price {price}. P&L: {profit} {coin}.',
    },
    zh: {
      title: '止盈已触发',
      body: '您在 {name} 的{side}仓位触发止盈（{stop}），已按记录价格 {price} 平仓。盈亏：{profit} {coin}。',
    },
    hk: {
      title: '止盈已觸發',
      body: '您在 {name} 的{side}倉位觸發止盈（{stop}），已按記錄價格 {price} 平倉。盈虧：{profit} {coin}。',
    },
    jp: {
      title: '利確が発動しました',
      body: '{name} の{side}ポジションが利確（{stop}）に達し、記録価格 {price} で決済されました。損益：{profit} {coin}。',
    },
    kr: {
      title: '익절 실행',
      body: '{name} {side} 포지션이 익절가({stop})에 도달해 기록 가격 {price}에 청산되었습니다. 손익: {profit} {coin}.',
    },
    esp: {
      title: 'Toma de ganancias activada',
      body: 'Tu posición en {side} en {name} alcanzó su toma de ganancias ({stop}) y se cerró al precio registrado de {price}. Resultado: {profit} {coin}.',
    },
    th: {
      title: 'ทำกำไรทำงานแล้ว',
      body: 'สถานะ{side}ของคุณใน {name} แตะจุดทำกำไร ({stop}) และถูกปิดที่ราคาที่บันทึกไว้ {price} กำไร/ขาดทุน: {profit} {coin}',
    },
  },
  lever_liquidated: {
    en: {
      title: 'Position liquidated',
      body: 'Your {side} position on {name} was liquidated at the recorded price {price}. Margin lost: {margin} {coin}.',
    },
    zh: {
      title: '仓位已强制平仓',
      body: '您在 {name} 的{side}仓位已按记录价格 {price} 强制平仓，损失保证金 {margin} {coin}。',
    },
    hk: {
      title: '倉位已強制平倉',
      body: '您在 {name} 的{side}倉位已按記錄價格 {price} 強制平倉，損失保證金 {margin} {coin}。',
    },
    jp: {
      title: 'ポジションが強制決済されました',
      body: '{name} の{side}ポジションが記録価格 {price} で強制決済されました。失った証拠金：{margin} {coin}。',
    },
    kr: {
      title: '포지션 강제 청산',
      body: '{name} {side} 포지션이 기록 가격 {price}에 강제 청산되었습니다. 잃은 증거금: {margin} {coin}.',
    },
    esp: {
      title: 'Posición liquidada',
      body: 'Tu posición en {side} en {name} se ha liquidado al precio registrado de {price}. Margen perdido: {margin} {coin}.',
    },
    th: {
      title: 'สถานะถูกบังคับปิด',
      body: 'สถานะ{side}ของคุณใน {name} ถูกบังคับปิดที่ราคาที่บันทึกไว้ {price} เสียมาร์จิ้น: {margin} {coin}',
    },
  },
  lever_trailing_stop: {
    en: {
      title: 'Trailing stop triggered',
      body: 'Your {side} position on {name} reached its trailing stop ({stop}) and closed at the recorded price {price}. P&L: {profit} {coin}.',
    },
    zh: {
      title: '追踪止损已触发',
      body: '您在 {name} 的{side}仓位触发追踪止损（{stop}），已按记录价格 {price} 平仓。盈亏：{profit} {coin}。',
    },
    hk: {
      title: '追蹤止損已觸發',
      body: '您在 {name} 的{side}倉位觸發追蹤止損（{stop}），已按記錄價格 {price} 平倉。盈虧：{profit} {coin}。',
    },
    jp: {
      title: 'トレーリングストップが発動しました',
      body: '{name} の{side}ポジションがトレーリングストップ（{stop}）に達し、記録価格 {price} で決済されました。損益：{profit} {coin}。',
    },
    kr: {
      title: '트레일링 스탑 실행',
      body: '{name} {side} 포지션이 트레일링 스탑({stop})에 도달해 기록 가격 {price}에 청산되었습니다. 손익: {profit} {coin}.',
    },
    esp: {
      title: 'Stop dinámico activado',
      body: 'Tu posición en {side} en {name} alcanzó su stop dinámico ({stop}) y se cerró al precio registrado de {price}. Resultado: {profit} {coin}.',
    },
    th: {
      title: 'จุดตัดขาดทุนแบบติดตามทำงานแล้ว',
      body: 'สถานะ{side}ของคุณใน {name} แตะจุดตัดขาดทุนแบบติดตาม ({stop}) และถูกปิดที่ราคาที่บันทึกไว้ {price} กำไร/ขาดทุน: {profit} {coin}',
    },
  },
  lever_liquidation_warning: {
    en: {
      title: 'Position near liquidation',
      body: 'Your {side} position on {name} is close to liquidation: the recorded price {price} has come near its liquidation price {liquidation}. Consider closing it or setting a stop loss.',
    },
    zh: {
      title: '仓位接近强平',
      body: '您在 {name} 的{side}仓位接近强制平仓：记录价格 {price} 已接近强平价格 {liquidation}。请考虑平仓或设置止损。',
    },
    hk: {
      title: '倉位接近強平',
      body: '您在 {name} 的{side}倉位接近強制平倉：記錄價格 {price} 已接近強平價格 {liquidation}。請考慮平倉或設定止損。',
    },
    jp: {
      title: 'ポジションが強制決済に近づいています',
      body: '{name} の{side}ポジションが強制決済に近づいています：記録価格 {price} が強制決済価格 {liquidation} に迫っています。決済または損切りの設定をご検討ください。',
    },
    kr: {
      title: '포지션 강제 청산 임박',
      body: '{name} {side} 포지션이 강제 청산에 가까워졌습니다: 기록 가격 {price}이(가) 청산 가격 {liquidation}에 근접했습니다. 포지션 청산이나 손절 설정을 고려해 주세요.',
    },
    esp: {
      title: 'Posición cerca de la liquidación',
      body: 'Tu posición en {side} en {name} está cerca de la liquidación: el precio registrado de {price} se ha acercado a su precio de liquidación de {liquidation}. Considera cerrarla o fijar un stop de pérdidas.',
    },
    th: {
      title: 'สถานะใกล้ถูกบังคับปิด',
      body: 'สถานะ{side}ของคุณใน {name} ใกล้ถูกบังคับปิด: ราคาที่บันทึกไว้ {price} เข้าใกล้ราคาบังคับปิด {liquidation} แล้ว โปรดพิจารณาปิดสถานะหรือตั้งจุดตัดขาดทุน',
    },
  },
  option_win: {
    en: {
      title: 'Option won',
      body: 'Your {type} option on {name} won: opened at {open_price}, closed at {close_price}. Paid out: {payout} {coin}.',
    },
    zh: {
      title: '期权盈利',
      body: '您在 {name} 的{type}期权盈利：开仓价 {open_price}，结算价 {close_price}，派付 {payout} {coin}。',
    },
    hk: {
      title: '期權盈利',
      body: '您在 {name} 的{type}期權盈利：開倉價 {open_price}，結算價 {close_price}，派付 {payout} {coin}。',
    },
    jp: {
      title: 'オプションが勝ちました',
      body: '{name} の{type}オプションが勝ちました：開始価格 {open_price}、終了価格 {close_price}。支払額：{payout} {coin}。',
    },
    kr: {
      title: '옵션 수익',
      body: '{name} {type} 옵션이 수익으로 마감되었습니다: 시작가 {open_price}, 종료가 {close_price}. 지급액: {payout} {coin}.',
    },
    esp: {
      title: 'Opción ganada',
      body: 'Tu opción {type} en {name} ha ganado: apertura a {open_price}, cierre a {close_price}. Pago: {payout} {coin}.',
    },
    th: {
      title: 'ออปชันชนะ',
      body: 'ออปชัน{type}ของคุณใน {name} ชนะ: ราคาเปิด {open_price} ราคาปิด {close_price} ได้รับ {payout} {coin}',
    },
  },
  option_lose: {
    en: {
      title: 'Option lost',
      body: 'Your {type} option on {name} lost: opened at {open_price}, closed at {close_price}. Stake lost: {amount} {coin}.',
    },
    zh: {
      title: '期权亏损',
      body: '您在 {name} 的{type}期权亏损：开仓价 {open_price}，结算价 {close_price}，损失本金 {amount} {coin}。',
    },
    hk: {
      title: '期權虧損',
      body: '您在 {name} 的{type}期權虧損：開倉價 {open_price}，結算價 {close_price}，損失本金 {amount} {coin}。',
    },
    jp: {
      title: 'オプションが負けました',
      body: '{name} の{type}オプションが負けました：開始価格 {open_price}、終了価格 {close_price}。失った元本：{amount} {coin}。',
    },
    kr: {
      title: '옵션 손실',
      body: '{name} {type} 옵션이 손실로 마감되었습니다: 시작가 {open_price}, 종료가 {close_price}. 잃은 원금: {amount} {coin}.',
    },
    esp: {
      title: 'Opción perdida',
      body: 'Tu opción {type} en {name} ha perdido: apertura a {open_price}, cierre a {close_price}. Importe perdido: {amount} {coin}.',
    },
    th: {
      title: 'ออปชันแพ้',
      body: 'ออปชัน{type}ของคุณใน {name} แพ้: ราคาเปิด {open_price} ราคาปิด {close_price} เสียเงินลงทุน {amount} {coin}',
    },
  },
  option_refund: {
    en: {
      title: 'Option refunded',
      body: 'Your {type} option on {name} ended level: opened at {open_price}, closed at {close_price}. Your stake of {amount} {coin} is back in your options account.',
    },
    zh: {
      title: '期权已退还',
      body: '您在 {name} 的{type}期权开仓价 {open_price}，结算价 {close_price}，价格持平，本金 {amount} {coin} 已退回期权账户。',
    },
    hk: {
      title: '期權已退還',
      body: '您在 {name} 的{type}期權開倉價 {open_price}，結算價 {close_price}，價格持平，本金 {amount} {coin} 已退回期權賬戶。',
    },
    jp: {
      title: 'オプションが返金されました',
      body: '{name} の{type}オプションは開始価格 {open_price}、終了価格 {close_price} で変動がなかったため、元本 {amount} {coin} をオプションアカウントに返金しました。',
    },
    kr: {
      title: '옵션 환불',
      body: '{name} {type} 옵션의 시작가 {open_price}와 종료가 {close_price}가 같아 원금 {amount} {coin}이 옵션 계정으로 환불되었습니다.',
    },
    esp: {
      title: 'Opción reembolsada',
      body: 'Tu opción {type} en {name} terminó sin cambios: apertura a {open_price}, cierre a {close_price}. Tu importe de {amount} {coin} ha vuelto a tu cuenta de opciones.',
    },
    th: {
      title: 'คืนเงินออปชันแล้ว',
      body: 'ออปชัน{type}ของคุณใน {name} ราคาไม่เปลี่ยนแปลง: ราคาเปิด {open_price} ราคาปิด {close_price} เงินลงทุน {amount} {coin} ถูกคืนเข้าบัญชีออปชันแล้ว',
    },
  },
  deposit_credited: {
    en: {
      title: 'Deposit credited',
      body: '{amount} {coin} ({network}) has been credited to your spot account.',
    },
    zh: { title: '充值已到账', body: '{amount} {coin}（{network}）已存入您的现货账户。' },
    hk: { title: '充值已到賬', body: '{amount} {coin}（{network}）已存入您的現貨賬戶。' },
    jp: {
      title: '入金が反映されました',
      body: '{amount} {coin}（{network}）が現物アカウントに入金されました。',
    },
    kr: {
      title: '입금 완료',
      body: '{amount} {coin}({network})이(가) 현물 계정에 입금되었습니다.',
    },
    esp: {
      title: 'Depósito abonado',
      body: 'Se han abonado {amount} {coin} ({network}) en tu cuenta spot.',
    },
    th: {
      title: 'ฝากเงินเข้าบัญชีแล้ว',
      body: '{amount} {coin} ({network}) เข้าบัญชีสปอตของคุณแล้ว',
    },
  },
  deposit_rejected: {
    en: {
      title: 'Deposit rejected',
      body: 'Your deposit of {amount} {coin} was rejected: {reason}.',
    },
    zh: { title: '充值被拒绝', body: '您的 {amount} {coin} 充值未通过审核：{reason}。' },
    hk: { title: '充值被拒絕', body: '您的 {amount} {coin} 充值未通過審核：{reason}。' },
    jp: {
      title: '入金が却下されました',
      body: '{amount} {coin} の入金は承認されませんでした：{reason}。',
    },
    kr: { title: '입금 거절', body: '{amount} {coin} 입금이 거절되었습니다: {reason}.' },
    esp: {
      title: 'Depósito rechazado',
      body: 'Tu depósito de {amount} {coin} ha sido rechazado: {reason}.',
    },
    th: { title: 'การฝากถูกปฏิเสธ', body: 'การฝาก {amount} {coin} ของคุณถูกปฏิเสธ: {reason}' },
  },
  // Approved is not sent: `{sending}` says whether a transaction follows (WORDS below).
  withdrawal_passed: {
    en: {
      title: 'Withdrawal approved',
      body: 'Your withdrawal of {amount} {coin} to {address} ({network}) has been approved. {sending}',
    },
    zh: {
      title: '提现已通过',
      body: '您提现至 {address}（{network}）的 {amount} {coin} 已审核通过。{sending}',
    },
    hk: {
      title: '提現已通過',
      body: '您提現至 {address}（{network}）的 {amount} {coin} 已審核通過。{sending}',
    },
    jp: {
      title: '出金が承認されました',
      body: '{address}（{network}）への {amount} {coin} の出金が承認されました。{sending}',
    },
    kr: {
      title: '출금 승인',
      body: '{address}({network})(으)로의 {amount} {coin} 출금이 승인되었습니다. {sending}',
    },
    esp: {
      title: 'Retiro aprobado',
      body: 'Tu retiro de {amount} {coin} a {address} ({network}) ha sido aprobado. {sending}',
    },
    th: {
      title: 'อนุมัติการถอนแล้ว',
      body: 'การถอน {amount} {coin} ไปยัง {address} ({network}) ได้รับอนุมัติแล้ว {sending}',
    },
  },
  withdrawal_rejected: {
    en: {
      title: 'Withdrawal rejected',
      body: 'Your withdrawal of {amount} {coin} was rejected: {reason}. The amount is back in your spot account.',
    },
    zh: {
      title: '提现被拒绝',
      body: '您的 {amount} {coin} 提现未通过审核：{reason}。该金额已退回您的现货账户。',
    },
    hk: {
      title: '提現被拒絕',
      body: '您的 {amount} {coin} 提現未通過審核：{reason}。該金額已退回您的現貨賬戶。',
    },
    jp: {
      title: '出金が却下されました',
      body: '{amount} {coin} の出金は承認されませんでした：{reason}。金額は現物アカウントに戻りました。',
    },
    kr: {
      title: '출금 거절',
      body: '{amount} {coin} 출금이 거절되었습니다: {reason}. 해당 금액은 현물 계정으로 반환되었습니다.',
    },
    esp: {
      title: 'Retiro rechazado',
      body: 'Tu retiro de {amount} {coin} ha sido rechazado: {reason}. El importe ha vuelto a tu cuenta spot.',
    },
    th: {
      title: 'การถอนถูกปฏิเสธ',
      body: 'การถอน {amount} {coin} ของคุณถูกปฏิเสธ: {reason} จำนวนเงินถูกคืนเข้าบัญชีสปอตของคุณแล้ว',
    },
  },
  // A payout the signer sends on chain, told as it goes (modules/chain/payout-notices.ts).
  withdrawal_sent: {
    en: {
      title: 'Withdrawal sent',
      body: 'Your withdrawal of {amount} {coin} ({network}) has been sent to the network. It is complete once the network confirms it.',
    },
    zh: {
      title: '提现已发出',
      body: '您的 {amount} {coin}（{network}）提现已发送到网络，网络确认后即完成。',
    },
    hk: {
      title: '提現已發出',
      body: '您的 {amount} {coin}（{network}）提現已發送到網絡，網絡確認後即完成。',
    },
    jp: {
      title: '出金を送信しました',
      body: '{amount} {coin}（{network}）の出金をネットワークに送信しました。ネットワークで承認されると完了します。',
    },
    kr: {
      title: '출금 전송됨',
      body: '{amount} {coin}({network}) 출금이 네트워크로 전송되었습니다. 네트워크에서 확인되면 완료됩니다.',
    },
    esp: {
      title: 'Retiro enviado',
      body: 'Tu retiro de {amount} {coin} ({network}) se ha enviado a la red. Se completa cuando la red lo confirme.',
    },
    th: {
      title: 'ส่งการถอนแล้ว',
      body: 'การถอน {amount} {coin} ({network}) ของคุณถูกส่งไปยังเครือข่ายแล้ว จะเสร็จสมบูรณ์เมื่อเครือข่ายยืนยัน',
    },
  },
  withdrawal_confirmed: {
    en: {
      title: 'Withdrawal completed',
      body: 'Your withdrawal of {amount} {coin} ({network}) is confirmed on the network.',
    },
    zh: { title: '提现已完成', body: '您的 {amount} {coin}（{network}）提现已在网络上确认。' },
    hk: { title: '提現已完成', body: '您的 {amount} {coin}（{network}）提現已在網絡上確認。' },
    jp: {
      title: '出金が完了しました',
      body: '{amount} {coin}（{network}）の出金がネットワークで承認されました。',
    },
    kr: {
      title: '출금 완료',
      body: '{amount} {coin}({network}) 출금이 네트워크에서 확인되었습니다.',
    },
    esp: {
      title: 'Retiro completado',
      body: 'Tu retiro de {amount} {coin} ({network}) está confirmado en la red.',
    },
    th: {
      title: 'การถอนเสร็จสมบูรณ์',
      body: 'การถอน {amount} {coin} ({network}) ของคุณได้รับการยืนยันบนเครือข่ายแล้ว',
    },
  },
  withdrawal_failed: {
    en: {
      title: 'Withdrawal not sent',
      body: 'Sending your withdrawal of {amount} {coin} ({network}) failed on the network. It is back under review and the amount stays frozen until it is sent again or returned to you.',
    },
    zh: {
      title: '提现发送失败',
      body: '您的 {amount} {coin}（{network}）提现在网络上发送失败，已重新进入审核，该金额将保持冻结，直到再次发送或退回给您。',
    },
    hk: {
      title: '提現發送失敗',
      body: '您的 {amount} {coin}（{network}）提現在網絡上發送失敗，已重新進入審核，該金額將保持凍結，直到再次發送或退回給您。',
    },
    jp: {
      title: '出金を送信できませんでした',
      body: '{amount} {coin}（{network}）の出金はネットワークへの送信に失敗しました。再度審査中となり、再送信されるか返金されるまで金額は凍結されたままです。',
    },
    kr: {
      title: '출금 전송 실패',
      body: '{amount} {coin}({network}) 출금이 네트워크에서 전송에 실패했습니다. 다시 심사 중이며, 다시 전송되거나 반환될 때까지 해당 금액은 동결됩니다.',
    },
    esp: {
      title: 'Retiro no enviado',
      body: 'El envío de tu retiro de {amount} {coin} ({network}) ha fallado en la red. Vuelve a estar en revisión y el importe sigue congelado hasta que se envíe de nuevo o se te devuelva.',
    },
    th: {
      title: 'ส่งการถอนไม่สำเร็จ',
      body: 'การส่งการถอน {amount} {coin} ({network}) ของคุณบนเครือข่ายล้มเหลว รายการกลับไปอยู่ระหว่างการตรวจสอบ และจำนวนเงินจะถูกระงับไว้จนกว่าจะส่งใหม่หรือคืนให้คุณ',
    },
  },
  kyc_verified: {
    en: { title: 'Identity verified', body: 'Your {level} verification has been approved.' },
    zh: { title: '身份认证已通过', body: '您的{level}认证已通过审核。' },
    hk: { title: '身份認證已通過', body: '您的{level}認證已通過審核。' },
    jp: { title: '本人確認が完了しました', body: '{level}認証が承認されました。' },
    kr: { title: '신원 인증 완료', body: '{level} 인증이 승인되었습니다.' },
    esp: { title: 'Identidad verificada', body: 'Tu verificación {level} ha sido aprobada.' },
    th: { title: 'ยืนยันตัวตนสำเร็จ', body: 'การยืนยัน{level}ของคุณได้รับการอนุมัติแล้ว' },
  },
  kyc_rejected: {
    en: {
      title: 'Identity verification rejected',
      body: 'Your {level} verification was not approved: {reason}. You can submit it again.',
    },
    zh: {
      title: '身份认证未通过',
      body: '您的{level}认证未通过审核：{reason}。您可以重新提交。',
    },
    hk: {
      title: '身份認證未通過',
      body: '您的{level}認證未通過審核：{reason}。您可以重新提交。',
    },
    jp: {
      title: '本人確認が却下されました',
      body: '{level}認証は承認されませんでした：{reason}。再度提出できます。',
    },
    kr: {
      title: '신원 인증 거절',
      body: '{level} 인증이 승인되지 않았습니다: {reason}. 다시 제출할 수 있습니다.',
    },
    esp: {
      title: 'Verificación de identidad rechazada',
      body: 'Tu verificación {level} no ha sido aprobada: {reason}. Puedes enviarla de nuevo.',
    },
    th: {
      title: 'การยืนยันตัวตนถูกปฏิเสธ',
      body: 'การยืนยัน{level}ของคุณไม่ได้รับการอนุมัติ: {reason} คุณสามารถส่งใหม่ได้',
    },
  },
  security_password_changed: {
    en: {
      title: 'Login password changed',
      body: "Your login password was changed. If this wasn't you, contact support right away.",
    },
    zh: {
      title: '登录密码已修改',
      body: '您的登录密码已修改。如非本人操作，请立即联系客服。',
    },
    hk: {
      title: '登入密碼已修改',
      body: '您的登入密碼已修改。如非本人操作，請立即聯絡客服。',
    },
    jp: {
      title: 'ログインパスワードが変更されました',
      body: 'ログインパスワードが変更されました。お心当たりがない場合は、すぐにサポートへご連絡ください。',
    },
    kr: {
      title: '로그인 비밀번호 변경',
      body: '로그인 비밀번호가 변경되었습니다. 본인이 변경하지 않았다면 즉시 고객센터에 문의하세요.',
    },
    esp: {
      title: 'Contraseña de acceso cambiada',
      body: 'Se ha cambiado tu contraseña de acceso. Si no has sido tú, contacta con soporte de inmediato.',
    },
    th: {
      title: 'เปลี่ยนรหัสผ่านเข้าสู่ระบบแล้ว',
      body: 'รหัสผ่านเข้าสู่ระบบของคุณถูกเปลี่ยนแล้ว หากไม่ใช่คุณ โปรดติดต่อฝ่ายบริการลูกค้าทันที',
    },
  },
  security_fund_password_changed: {
    en: {
      title: 'Fund password changed',
      body: "Your fund password was set or changed. If this wasn't you, contact support right away.",
    },
    zh: {
      title: '资金密码已更改',
      body: '您的资金密码已设置或修改。如非本人操作，请立即联系客服。',
    },
    hk: {
      title: '資金密碼已更改',
      body: '您的資金密碼已設定或修改。如非本人操作，請立即聯絡客服。',
    },
    jp: {
      title: '資金パスワードが変更されました',
      body: '資金パスワードが設定または変更されました。お心当たりがない場合は、すぐにサポートへご連絡ください。',
    },
    kr: {
      title: '자금 비밀번호 변경',
      body: '자금 비밀번호가 설정 또는 변경되었습니다. 본인이 하지 않았다면 즉시 고객센터에 문의하세요.',
    },
    esp: {
      title: 'Contraseña de fondos cambiada',
      body: 'Se ha establecido o cambiado tu contraseña de fondos. Si no has sido tú, contacta con soporte de inmediato.',
    },
    th: {
      title: 'เปลี่ยนรหัสผ่านการเงินแล้ว',
      body: 'รหัสผ่านการเงินของคุณถูกตั้งหรือเปลี่ยนแล้ว หากไม่ใช่คุณ โปรดติดต่อฝ่ายบริการลูกค้าทันที',
    },
  },
  security_login: {
    en: {
      title: 'New login',
      body: "Your account was logged in from {device} (IP {ip}). If this wasn't you, change your password right away.",
    },
    zh: {
      title: '新的登录',
      body: '您的账户已在 {device}（IP {ip}）上登录。如非本人操作，请立即修改密码。',
    },
    hk: {
      title: '新的登入',
      body: '您的賬戶已在 {device}（IP {ip}）上登入。如非本人操作，請立即修改密碼。',
    },
    jp: {
      title: '新しいログイン',
      body: '{device}（IP {ip}）からアカウントにログインがありました。お心当たりがない場合は、すぐにパスワードを変更してください。',
    },
    kr: {
      title: '새 로그인',
      body: '{device}(IP {ip})에서 계정에 로그인했습니다. 본인이 아니라면 즉시 비밀번호를 변경하세요.',
    },
    esp: {
      title: 'Nuevo inicio de sesión',
      body: 'Se ha iniciado sesión en tu cuenta desde {device} (IP {ip}). Si no has sido tú, cambia tu contraseña de inmediato.',
    },
    th: {
      title: 'มีการเข้าสู่ระบบใหม่',
      body: 'มีการเข้าสู่ระบบบัญชีของคุณจาก {device} (IP {ip}) หากไม่ใช่คุณ โปรดเปลี่ยนรหัสผ่านทันที',
    },
  },
  security_new_device: {
    en: {
      title: 'Login from a new device',
      body: "Your account was logged in from a device it has not used before: {device} (IP {ip}). If this wasn't you, change your password and end that session under Devices right away.",
    },
    zh: {
      title: '新设备登录',
      body: '您的账户在一台从未使用过的设备上登录：{device}（IP {ip}）。如非本人操作，请立即修改密码，并在“设备管理”中结束该会话。',
    },
    hk: {
      title: '新裝置登入',
      body: '您的賬戶在一部從未使用過的裝置上登入：{device}（IP {ip}）。如非本人操作，請立即修改密碼，並在「裝置管理」中結束該工作階段。',
    },
    jp: {
      title: '新しいデバイスからのログイン',
      body: 'これまで使われていないデバイスからアカウントにログインがありました：{device}（IP {ip}）。お心当たりがない場合は、すぐにパスワードを変更し、「デバイス」でそのセッションを終了してください。',
    },
    kr: {
      title: '새 기기에서 로그인',
      body: '이전에 사용한 적 없는 기기에서 계정에 로그인했습니다: {device}(IP {ip}). 본인이 아니라면 즉시 비밀번호를 변경하고 "기기 관리"에서 해당 세션을 종료하세요.',
    },
    esp: {
      title: 'Inicio de sesión desde un dispositivo nuevo',
      body: 'Se ha iniciado sesión en tu cuenta desde un dispositivo que no se había usado antes: {device} (IP {ip}). Si no has sido tú, cambia tu contraseña y cierra esa sesión en Dispositivos de inmediato.',
    },
    th: {
      title: 'เข้าสู่ระบบจากอุปกรณ์ใหม่',
      body: 'มีการเข้าสู่ระบบบัญชีของคุณจากอุปกรณ์ที่ไม่เคยใช้มาก่อน: {device} (IP {ip}) หากไม่ใช่คุณ โปรดเปลี่ยนรหัสผ่านและยุติเซสชันนั้นในหน้าอุปกรณ์ทันที',
    },
  },
  security_passkey_added: {
    en: {
      title: 'Passkey added',
      body: "The passkey \u201c{name}\u201d was added to your account. For your safety, withdrawals are paused for 24 hours. If this wasn't you, contact support right away.",
    },
    zh: {
      title: '已添加通行密钥',
      body: '您的账户已添加通行密钥“{name}”。为保障安全，提币将暂停 24 小时。如非本人操作，请立即联系客服。',
    },
    hk: {
      title: '已新增通行密鑰',
      body: '您的賬戶已新增通行密鑰「{name}」。為保障安全，提幣將暫停 24 小時。如非本人操作，請立即聯絡客服。',
    },
    jp: {
      title: 'パスキーが追加されました',
      body: 'アカウントにパスキー「{name}」が追加されました。安全のため、出金は 24 時間停止されます。お心当たりがない場合は、すぐにサポートへご連絡ください。',
    },
    kr: {
      title: '패스키 추가됨',
      body: '계정에 패스키 "{name}"이(가) 추가되었습니다. 안전을 위해 출금이 24시간 동안 중지됩니다. 본인이 아니라면 즉시 고객센터에 문의하세요.',
    },
    esp: {
      title: 'Llave de acceso añadida',
      body: 'Se ha añadido la llave de acceso \u201c{name}\u201d a tu cuenta. Por tu seguridad, los retiros quedan pausados durante 24 horas. Si no has sido tú, contacta con soporte de inmediato.',
    },
    th: {
      title: 'เพิ่มพาสคีย์แล้ว',
      body: 'มีการเพิ่มพาสคีย์ “{name}” ในบัญชีของคุณ เพื่อความปลอดภัย การถอนเงินจะถูกระงับ 24 ชั่วโมง หากไม่ใช่คุณ โปรดติดต่อฝ่ายบริการลูกค้าทันที',
    },
  },
  security_api_keys_revoked: {
    en: {
      title: 'API keys deleted',
      body: 'Your API keys were deleted ({count}): requests your programs sign with them are refused from now on. This happens when your login password is reset or changed, or when support ends all your sessions. If you need keys, create new ones in Security centre → API keys.',
    },
    zh: {
      title: 'API 密钥已删除',
      body: '您的 API 密钥已被删除（{count} 个）：程序用它们签名的请求从现在起将被拒绝。重置或修改登录密码，或客服结束您的所有会话时，都会删除 API 密钥。如需使用，请在“安全中心 → API 密钥”中重新创建。',
    },
    hk: {
      title: 'API 金鑰已刪除',
      body: '您的 API 金鑰已被刪除（{count} 個）：程式用它們簽名的請求從現在起將被拒絕。重設或修改登入密碼，或客服結束您的所有工作階段時，都會刪除 API 金鑰。如需使用，請在「安全中心 → API 金鑰」中重新建立。',
    },
    jp: {
      title: 'API キーが削除されました',
      body: 'API キーが削除されました（{count} 件）：これらのキーで署名したプログラムのリクエストは今後拒否されます。ログインパスワードの再設定・変更時、またはサポートがすべてのセッションを終了したときに削除されます。必要な場合は「セキュリティセンター → API キー」で新しく作成してください。',
    },
    kr: {
      title: 'API 키 삭제됨',
      body: 'API 키가 삭제되었습니다({count}개): 이 키로 서명한 프로그램의 요청은 이제부터 거부됩니다. 로그인 비밀번호를 재설정하거나 변경할 때, 또는 고객센터가 모든 세션을 종료할 때 API 키가 삭제됩니다. 필요하면 "보안 센터 → API 키"에서 새로 만드세요.',
    },
    esp: {
      title: 'Claves de API eliminadas',
      body: 'Se han eliminado tus claves de API ({count}): las solicitudes que tus programas firmen con ellas se rechazan a partir de ahora. Ocurre al restablecer o cambiar tu contraseña de acceso, o cuando soporte cierra todas tus sesiones. Si necesitas claves, crea otras nuevas en Centro de seguridad → Claves de API.',
    },
    th: {
      title: 'ลบคีย์ API แล้ว',
      body: 'คีย์ API ของคุณถูกลบแล้ว ({count} คีย์): คำขอที่โปรแกรมของคุณลงนามด้วยคีย์เหล่านี้จะถูกปฏิเสธนับจากนี้ คีย์ API จะถูกลบเมื่อมีการรีเซ็ตหรือเปลี่ยนรหัสผ่านเข้าสู่ระบบ หรือเมื่อฝ่ายบริการลูกค้ายุติเซสชันทั้งหมดของคุณ หากต้องการใช้ ให้สร้างคีย์ใหม่ที่ ศูนย์ความปลอดภัย → คีย์ API',
    },
  },
  security_passkeys_removed: {
    en: {
      title: 'Passkeys removed',
      body: 'Your passkeys were removed ({count}): they can no longer log in. This happens when your login password is reset or when support ends your sessions or removes a passkey. You can add a passkey again in Security centre → Passkeys.',
    },
    zh: {
      title: '通行密钥已删除',
      body: '您的通行密钥已被删除（{count} 个）：它们无法再用于登录。重置登录密码，或客服结束您的会话或删除通行密钥时，都会删除通行密钥。您可以在“安全中心 → 通行密钥”中重新添加。',
    },
    hk: {
      title: '通行密鑰已刪除',
      body: '您的通行密鑰已被刪除（{count} 個）：它們無法再用於登入。重設登入密碼，或客服結束您的工作階段或刪除通行密鑰時，都會刪除通行密鑰。您可以在「安全中心 → 通行密鑰」中重新新增。',
    },
    jp: {
      title: 'パスキーが削除されました',
      body: 'パスキーが削除されました（{count} 件）：これらでログインすることはできなくなりました。ログインパスワードの再設定時、またはサポートがセッションを終了したりパスキーを削除したりしたときに削除されます。「セキュリティセンター → パスキー」で再度追加できます。',
    },
    kr: {
      title: '패스키 삭제됨',
      body: '패스키가 삭제되었습니다({count}개): 더 이상 이 패스키로 로그인할 수 없습니다. 로그인 비밀번호를 재설정할 때, 또는 고객센터가 세션을 종료하거나 패스키를 삭제할 때 삭제됩니다. "보안 센터 → 패스키"에서 다시 추가할 수 있습니다.',
    },
    esp: {
      title: 'Llaves de acceso eliminadas',
      body: 'Se han eliminado tus llaves de acceso ({count}): ya no sirven para iniciar sesión. Ocurre al restablecer tu contraseña de acceso o cuando soporte cierra tus sesiones o elimina una llave de acceso. Puedes añadir otra en Centro de seguridad → Llaves de acceso.',
    },
    th: {
      title: 'ลบพาสคีย์แล้ว',
      body: 'พาสคีย์ของคุณถูกลบแล้ว ({count} รายการ): ไม่สามารถใช้เข้าสู่ระบบได้อีก พาสคีย์จะถูกลบเมื่อมีการรีเซ็ตรหัสผ่านเข้าสู่ระบบ หรือเมื่อฝ่ายบริการลูกค้ายุติเซสชันหรือลบพาสคีย์ของคุณ คุณสามารถเพิ่มพาสคีย์ใหม่ได้ที่ ศูนย์ความปลอดภัย → พาสคีย์',
    },
  },
  price_alert: {
    en: {
      title: 'Price alert: {name}',
      body: '{name} {condition} {target}. Recorded price: {fired_price}.',
    },
    zh: {
      title: '价格提醒：{name}',
      body: '{name} {condition} {target}。记录价格：{fired_price}。',
    },
    hk: {
      title: '價格提醒：{name}',
      body: '{name} {condition} {target}。記錄價格：{fired_price}。',
    },
    jp: {
      title: '価格アラート：{name}',
      body: '{name} の{condition}{target}。記録価格：{fired_price}。',
    },
    kr: {
      title: '가격 알림: {name}',
      body: '{name} {condition} {target}. 기록 가격: {fired_price}.',
    },
    esp: {
      title: 'Alerta de precio: {name}',
      body: '{name} {condition} {target}. Precio registrado: {fired_price}.',
    },
    th: {
      title: 'แจ้งเตือนราคา: {name}',
      body: '{name} {condition} {target} ราคาที่บันทึกไว้: {fired_price}',
    },
  },
  ...SECURITY_CHANGE_TEXTS,
  ...BOT_TEXTS,
  ...OPTION_STALE_TEXTS,
};

/** Words that facts carry as codes (a side, an option type, a KYC level), per language. */
export const WORDS = {
  buy: {
    en: 'buy',
    zh: '买入',
    hk: '買入',
    jp: '買い',
    kr: '매수',
    esp: 'compra',
    th: 'ซื้อ',
  },
  sell: {
    en: 'sell',
    zh: '卖出',
    hk: '賣出',
    jp: '売り',
    kr: '매도',
    esp: 'venta',
    th: 'ขาย',
  },
  long: {
    en: 'long',
    zh: '买涨',
    hk: '買漲',
    jp: 'ロング',
    kr: '롱',
    esp: 'largo',
    th: 'ซื้อขึ้น',
  },
  short: {
    en: 'short',
    zh: '买跌',
    hk: '買跌',
    jp: 'ショート',
    kr: '숏',
    esp: 'corto',
    th: 'ซื้อลง',
  },
  call: {
    en: 'call (up)',
    zh: '看涨',
    hk: '看漲',
    jp: 'コール（上昇）',
    kr: '콜(상승)',
    esp: 'al alza (call)',
    th: 'ขึ้น (คอล)',
  },
  put: {
    en: 'put (down)',
    zh: '看跌',
    hk: '看跌',
    jp: 'プット（下落）',
    kr: '풋(하락)',
    esp: 'a la baja (put)',
    th: 'ลง (พุต)',
  },
  even: {
    en: 'even',
    zh: '平局',
    hk: '平局',
    jp: 'イーブン',
    kr: '이븐',
    esp: 'de precio igual',
    th: 'เท่าเดิม',
  },
  basic: {
    en: 'basic',
    zh: '初级',
    hk: '初級',
    jp: '基本',
    kr: '기본',
    esp: 'básica',
    th: 'ขั้นพื้นฐาน',
  },
  advanced: {
    en: 'advanced',
    zh: '高级',
    hk: '高級',
    jp: '上級',
    kr: '고급',
    esp: 'avanzada',
    th: 'ขั้นสูง',
  },
  unknown_device: {
    en: 'an unknown device',
    zh: '未知设备',
    hk: '未知裝置',
    jp: '不明なデバイス',
    kr: '알 수 없는 기기',
    esp: 'un dispositivo desconocido',
    th: 'อุปกรณ์ที่ไม่รู้จัก',
  },
  above: {
    en: 'is at or above',
    zh: '已涨至或高于',
    hk: '已漲至或高於',
    jp: '価格が次の値以上に到達：',
    kr: '가격이 다음 이상에 도달:',
    esp: 'está en o por encima de',
    th: 'อยู่ที่หรือสูงกว่า',
  },
  below: {
    en: 'is at or below',
    zh: '已跌至或低于',
    hk: '已跌至或低於',
    jp: '価格が次の値以下に到達：',
    kr: '가격이 다음 이하에 도달:',
    esp: 'está en o por debajo de',
    th: 'อยู่ที่หรือต่ำกว่า',
  },
  move: {
    en: 'has moved in 24 h by at least',
    zh: '24小时涨跌幅已达',
    hk: '24小時漲跌幅已達',
    jp: '24時間の変動率が次の値に到達：',
    kr: '24시간 변동률이 다음에 도달:',
    esp: 'se ha movido en 24 h al menos un',
    th: 'เปลี่ยนแปลงใน 24 ชม. อย่างน้อย',
  },
  // A passed withdrawal: the signer sends a transaction, or none is sent from the exchange.
  withdrawal_chain: {
    en: 'Its transaction is being sent to the network; the withdrawal’s details show it once sent.',
    zh: '其交易正在发送到网络，发送后可在提现详情中查看。',
    hk: '其交易正在發送到網絡，發送後可在提現詳情中查看。',
    jp: '取引をネットワークへ送信中です。送信後は出金の詳細に表示されます。',
    kr: '거래를 네트워크로 보내는 중이며, 보낸 뒤 출금 상세에 표시됩니다.',
    esp: 'Su transacción se está enviando a la red; el detalle del retiro la muestra una vez enviada.',
    th: 'กำลังส่งธุรกรรมไปยังเครือข่าย เมื่อส่งแล้วจะแสดงในรายละเอียดการถอน',
  },
  withdrawal_by_hand: {
    en: 'No transaction has been sent by the exchange: this network is paid out by hand, and in demo mode nothing is sent.',
    zh: '交易所尚未发送任何交易：该网络由人工出款，演示模式下不会发送。',
    hk: '交易所尚未發送任何交易：該網絡由人工出款，演示模式下不會發送。',
    jp: '取引所からはまだ取引が送信されていません。このネットワークは手動で支払われ、デモモードでは送信されません。',
    kr: '거래소에서 보낸 거래는 아직 없습니다. 이 네트워크는 수동으로 지급되며, 데모 모드에서는 보내지 않습니다.',
    esp: 'El exchange no ha enviado ninguna transacción: esta red se paga a mano y en modo demo no se envía nada.',
    th: 'กระดานเทรดยังไม่ได้ส่งธุรกรรมใด ๆ: เครือข่ายนี้จ่ายด้วยมือ และในโหมดทดลองจะไม่มีการส่ง',
  },
} satisfies Record<string, Record<Locale, string>>;
export type Word = keyof typeof WORDS;
