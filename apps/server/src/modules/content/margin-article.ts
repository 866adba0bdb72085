import { LOCALE_TAGS, LOCALES, type Locale } from '@hx/protocol';
import { Decimal, formatAmount } from '@hx/money';
import { liquidationPrice, margin, marginRatio, notional, pnl, fee } from '../lever/math.ts';
import { DEFAULT_FEE_RATE, DEFAULT_MAINTENANCE_RATIO, LOT_SIZES } from '../lever/pairs.ts';
import type { DemoArticle, Texts } from './demo-texts.ts';

/** The help centre's code of the article; the contracts page links to it. */
export const MARGIN_ARTICLE_CODE = 'margin-liquidation';

/**
 * The worked example's numbers, computed with the contract arithmetic itself (lever/math.ts) and
 * the seeded terms (maintenance ratio, fee rate, BTC lot size), so the article cannot drift from
 * what the exchange does: a 10× long of 2 BTC lots at 65 000, looked at 62 000 and at liquidation.
 */
export function marginExample() {
  const entry = '65000';
  const mark = '62000';
  const terms = {
    side: 'long' as const,
    lots: 2,
    multiple: 10,
    lotSize: LOT_SIZES.BTCUSDT!,
  };
  const maintenance = DEFAULT_MAINTENANCE_RATIO;
  const m = margin(entry, terms, 4);
  const liq = liquidationPrice('long', entry, terms.multiple, maintenance);
  const loss = pnl(entry, mark, terms, 4);
  const liqLoss = pnl(entry, liq, terms, 4);
  const openFee = fee(entry, terms, DEFAULT_FEE_RATE, 4);
  const fall = (multiple: number) => new Decimal(1).minus(maintenance).div(multiple);
  return {
    entry,
    mark,
    lots: terms.lots,
    lotSize: terms.lotSize,
    multiple: terms.multiple,
    maintenance,
    feeRate: DEFAULT_FEE_RATE,
    notional: notional(entry, terms),
    margin: m,
    fee: openFee,
    maint: m.times(maintenance),
    liquidation: liq,
    fall: fall(terms.multiple),
    loss,
    balance: m.plus(loss),
    ratio: marginRatio(m, loss, maintenance),
    roe: loss.div(m),
    liqLoss,
    back: m.plus(liqLoss),
    lostTotal: liqLoss.negated().plus(openFee),
    fall20: fall(20),
    fall100: fall(100),
  };
}

/** The example's values written for one language (grouping, decimal mark, percent sign). */
function values(lang: Locale): Record<string, string> {
  const x = marginExample();
  const tag = LOCALE_TAGS[lang];
  const num = (v: Decimal.Value) => {
    const d = new Decimal(v);
    return (d.isNeg() ? '−' : '') + formatAmount(d.abs().toFixed(), d.decimalPlaces(), tag);
  };
  const pct = (fraction: Decimal.Value) =>
    new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 2 }).format(
      new Decimal(fraction).toDecimalPlaces(4, Decimal.ROUND_DOWN).toNumber(),
    );
  return {
    entry: num(x.entry),
    mark: num(x.mark),
    lots: num(x.lots),
    lot_size: num(x.lotSize),
    multiple: num(x.multiple),
    maint_ratio: num(x.maintenance),
    maint_pct: pct(x.maintenance),
    fee_rate: pct(x.feeRate),
    notional: num(x.notional),
    margin: num(x.margin),
    fee: num(x.fee),
    maint: num(x.maint),
    liq: num(x.liquidation),
    fall: pct(x.fall),
    loss: num(x.loss),
    balance: num(x.balance),
    ratio: pct(new Decimal(x.ratio).div(100)),
    roe: pct(x.roe).replace('-', '−'),
    liq_loss: num(x.liqLoss.negated()),
    back: num(x.back),
    lost_total: num(x.lostTotal),
    fall20: pct(x.fall20),
    fall100: pct(x.fall100),
  };
}

type Words = { title: string; summary: string; body: string[] };

/** The words, one entry per paragraph; `{name}` is a value of the example. */
const WORDS: Record<Locale, Words> = {
  en: {
    title: 'Margin, liquidation and the maintenance ratio',
    summary:
      'How the margin, margin ratio, ROE and liquidation price of a contract are worked out, with an example.',
    body: [
      'A contract position is held with margin: the position value divided by the multiple, where the position value is price × lots × lot size. The opening fee, {fee_rate} of the position value, is paid once when the position opens; closing has no fee.',
      'The margin balance is the margin plus the unrealised P&L. The maintenance margin is {maint_pct} of the margin (the maintenance ratio). Each position shows its margin ratio: maintenance margin ÷ margin balance.\n1. A new position starts at {maint_pct}.\n2. A loss pushes it up; a gain brings it down.\n3. At 100% the margin balance has fallen to the maintenance margin and the position is liquidated: it is closed at the recorded price.',
      'ROE is the P&L divided by the margin. The realised P&L of a closed position is shown after the opening fee.',
      'Worked example: a long of {lots} lots of BTC/USDT (lot size {lot_size} BTC) opened at {entry} USDT with {multiple}× leverage.\n1. Position value: {entry} × {lots} × {lot_size} = {notional} USDT.\n2. Margin: {notional} ÷ {multiple} = {margin} USDT. Opening fee: {fee} USDT.\n3. Maintenance margin: {maint_pct} × {margin} = {maint} USDT. Margin ratio now: {maint_pct}.\n4. Liquidation price: {entry} × (1 − (1 − {maint_ratio}) ÷ {multiple}) = {liq} USDT, a fall of {fall}.\n5. At {mark} USDT the P&L is {loss} USDT and the margin balance {balance} USDT: margin ratio {maint} ÷ {balance} = {ratio}, ROE {roe}.\n6. At {liq} USDT the loss is {liq_loss} USDT, the margin balance {maint} USDT and the margin ratio 100%: the position is liquidated. {back} USDT of the margin comes back; with the fee you have lost {lost_total} USDT.',
      'If the price jumps past the liquidation price, the position closes at the price it jumped to: you can lose up to the whole margin, never more.',
      'The higher the multiple, the nearer the liquidation price: at 20× a fall of {fall20} liquidates a long, at 100× a fall of {fall100}. A short works the other way round: it is liquidated when the price rises as far. Before every position opens, the app asks you to confirm its margin, fee and liquidation price.',
    ],
  },
  zh: {
    title: '保证金、强平与维持保证金率',
    summary: '合约的保证金、保证金率、回报率（ROE）和强平价如何计算，附计算实例。',
    body: [
      '合约仓位以保证金持有：保证金 = 仓位价值 ÷ 倍数，仓位价值 = 价格 × 手数 × 每手数量。开仓手续费为仓位价值的{fee_rate}，只在开仓时收取一次；平仓不收手续费。',
      '保证金余额 = 保证金 + 未实现盈亏。维持保证金为保证金的{maint_pct}（维持保证金率）。每个仓位都会显示保证金率：维持保证金 ÷ 保证金余额。\n1. 新开仓位的保证金率为{maint_pct}。\n2. 亏损时上升，盈利时下降。\n3. 达到100%时，保证金余额已降至维持保证金，仓位被强制平仓：按记录的价格平仓。',
      '回报率（ROE）= 盈亏 ÷ 保证金。已平仓仓位的已实现盈亏按扣除开仓手续费后的金额显示。',
      '计算实例：以{multiple}倍在{entry} USDT买涨{lots}手BTC/USDT（每手{lot_size} BTC）。\n1. 仓位价值：{entry} × {lots} × {lot_size} = {notional} USDT。\n2. 保证金：{notional} ÷ {multiple} = {margin} USDT。开仓手续费：{fee} USDT。\n3. 维持保证金：{maint_pct} × {margin} = {maint} USDT。此时保证金率：{maint_pct}。\n4. 强平价：{entry} × (1 − (1 − {maint_ratio}) ÷ {multiple}) = {liq} USDT，即下跌{fall}。\n5. 价格为{mark} USDT时，盈亏为{loss} USDT，保证金余额为{balance} USDT：保证金率 = {maint} ÷ {balance} = {ratio}，ROE为{roe}。\n6. 价格到达{liq} USDT时，亏损{liq_loss} USDT，保证金余额为{maint} USDT，保证金率达到100%：仓位被强制平仓。退回{back} USDT保证金；连同手续费，共亏损{lost_total} USDT。',
      '如果价格跳空越过强平价，仓位按跳到的价格平仓：最多亏损全部保证金，不会更多。',
      '倍数越高，强平价越近：20倍时下跌{fall20}即强平买涨仓位，100倍时只需下跌{fall100}。买跌仓位方向相反：价格上涨同样幅度时强平。每次开仓前，应用都会请您确认保证金、手续费和强平价。',
    ],
  },
  hk: {
    title: '保證金、強平與維持保證金率',
    summary: '合約的保證金、保證金率、回報率（ROE）和強平價如何計算，附計算實例。',
    body: [
      '合約倉位以保證金持有：保證金 = 倉位價值 ÷ 倍數，倉位價值 = 價格 × 手數 × 每手數量。開倉手續費為倉位價值的{fee_rate}，只在開倉時收取一次；平倉不收手續費。',
      '保證金餘額 = 保證金 + 未實現盈虧。維持保證金為保證金的{maint_pct}（維持保證金率）。每個倉位都會顯示保證金率：維持保證金 ÷ 保證金餘額。\n1. 新開倉位的保證金率為{maint_pct}。\n2. 虧損時上升，盈利時下降。\n3. 達到100%時，保證金餘額已降至維持保證金，倉位被強制平倉：按記錄的價格平倉。',
      '回報率（ROE）= 盈虧 ÷ 保證金。已平倉倉位的已實現盈虧按扣除開倉手續費後的金額顯示。',
      '計算實例：以{multiple}倍在{entry} USDT買漲{lots}手BTC/USDT（每手{lot_size} BTC）。\n1. 倉位價值：{entry} × {lots} × {lot_size} = {notional} USDT。\n2. 保證金：{notional} ÷ {multiple} = {margin} USDT。開倉手續費：{fee} USDT。\n3. 維持保證金：{maint_pct} × {margin} = {maint} USDT。此時保證金率：{maint_pct}。\n4. 強平價：{entry} × (1 − (1 − {maint_ratio}) ÷ {multiple}) = {liq} USDT，即下跌{fall}。\n5. 價格為{mark} USDT時，盈虧為{loss} USDT，保證金餘額為{balance} USDT：保證金率 = {maint} ÷ {balance} = {ratio}，ROE為{roe}。\n6. 價格到達{liq} USDT時，虧損{liq_loss} USDT，保證金餘額為{maint} USDT，保證金率達到100%：倉位被強制平倉。退回{back} USDT保證金；連同手續費，共虧損{lost_total} USDT。',
      '如果價格跳空越過強平價，倉位按跳到的價格平倉：最多虧損全部保證金，不會更多。',
      '倍數越高，強平價越近：20倍時下跌{fall20}即強平買漲倉位，100倍時只需下跌{fall100}。買跌倉位方向相反：價格上漲同樣幅度時強平。每次開倉前，應用都會請您確認保證金、手續費和強平價。',
    ],
  },
  jp: {
    title: '証拠金・強制決済・維持証拠金率',
    summary: '先物の証拠金、証拠金率、ROE、強制決済価格の計算方法を具体例で説明します。',
    body: [
      '先物のポジションは証拠金で保有します。証拠金 = ポジション価値 ÷ 倍率、ポジション価値 = 価格 × ロット数 × 1ロットの数量です。開始手数料はポジション価値の{fee_rate}で、建てるときに一度だけかかります。決済に手数料はかかりません。',
      '証拠金残高は証拠金に含み損益を加えた額です。維持証拠金は証拠金の{maint_pct}（維持証拠金率）です。各ポジションには証拠金率（維持証拠金 ÷ 証拠金残高）が表示されます。\n1. 新しいポジションは{maint_pct}から始まります。\n2. 損失が出ると上がり、利益が出ると下がります。\n3. 100%に達すると証拠金残高が維持証拠金まで減ったことになり、ポジションは記録された価格で強制決済されます。',
      'ROEは損益 ÷ 証拠金です。決済済みポジションの確定損益は、開始手数料を差し引いた額で表示されます。',
      '計算例：BTC/USDTを{lots}ロット（1ロット{lot_size} BTC）、{multiple}倍、{entry} USDTでロング。\n1. ポジション価値：{entry} × {lots} × {lot_size} = {notional} USDT。\n2. 証拠金：{notional} ÷ {multiple} = {margin} USDT。開始手数料：{fee} USDT。\n3. 維持証拠金：{maint_pct} × {margin} = {maint} USDT。この時点の証拠金率：{maint_pct}。\n4. 強制決済価格：{entry} × (1 − (1 − {maint_ratio}) ÷ {multiple}) = {liq} USDT（{fall}の下落）。\n5. 価格が{mark} USDTのとき、損益は{loss} USDT、証拠金残高は{balance} USDT、証拠金率は{maint} ÷ {balance} = {ratio}、ROEは{roe}です。\n6. 価格が{liq} USDTに達すると、損失は{liq_loss} USDT、証拠金残高は{maint} USDT、証拠金率は100%となり、強制決済されます。証拠金のうち{back} USDTが戻り、手数料を含めた損失は{lost_total} USDTです。',
      '価格が強制決済価格を飛び越えた場合は、飛んだ先の価格で決済されます。失うのは最大で証拠金全額で、それ以上にはなりません。',
      '倍率が高いほど強制決済価格は近くなります。20倍なら{fall20}、100倍なら{fall100}の下落でロングは強制決済されます。ショートは逆で、同じだけ価格が上がると強制決済されます。ポジションを建てる前には毎回、証拠金・手数料・強制決済価格の確認を求められます。',
    ],
  },
  kr: {
    title: '증거금, 강제 청산, 유지 증거금 비율',
    summary:
      '계약의 증거금, 증거금 비율, ROE, 강제 청산가를 계산하는 방법을 예시와 함께 설명합니다.',
    body: [
      '계약 포지션은 증거금으로 보유합니다. 증거금 = 포지션 가치 ÷ 배수이며, 포지션 가치 = 가격 × 랏 수 × 랏당 수량입니다. 개시 수수료는 포지션 가치의 {fee_rate}로, 포지션을 열 때 한 번만 부과됩니다. 청산(종료)에는 수수료가 없습니다.',
      '증거금 잔고는 증거금에 미실현 손익을 더한 금액입니다. 유지 증거금은 증거금의 {maint_pct}(유지 증거금 비율)입니다. 각 포지션에는 증거금 비율(유지 증거금 ÷ 증거금 잔고)이 표시됩니다.\n1. 새 포지션은 {maint_pct}에서 시작합니다.\n2. 손실이 나면 올라가고, 이익이 나면 내려갑니다.\n3. 100%가 되면 증거금 잔고가 유지 증거금까지 줄어든 것이므로 포지션은 기록된 가격으로 강제 청산됩니다.',
      'ROE는 손익 ÷ 증거금입니다. 종료된 포지션의 실현 손익은 개시 수수료를 뺀 금액으로 표시됩니다.',
      '계산 예시: BTC/USDT {lots}랏(랏당 {lot_size} BTC)을 {multiple}배로 {entry} USDT에 롱 진입.\n1. 포지션 가치: {entry} × {lots} × {lot_size} = {notional} USDT.\n2. 증거금: {notional} ÷ {multiple} = {margin} USDT. 개시 수수료: {fee} USDT.\n3. 유지 증거금: {maint_pct} × {margin} = {maint} USDT. 현재 증거금 비율: {maint_pct}.\n4. 강제 청산가: {entry} × (1 − (1 − {maint_ratio}) ÷ {multiple}) = {liq} USDT, 즉 {fall} 하락.\n5. 가격이 {mark} USDT이면 손익은 {loss} USDT, 증거금 잔고는 {balance} USDT이고, 증거금 비율은 {maint} ÷ {balance} = {ratio}, ROE는 {roe}입니다.\n6. 가격이 {liq} USDT에 닿으면 손실은 {liq_loss} USDT, 증거금 잔고는 {maint} USDT, 증거금 비율은 100%가 되어 강제 청산됩니다. 증거금 중 {back} USDT가 돌아오며, 수수료를 포함한 손실은 {lost_total} USDT입니다.',
      '가격이 강제 청산가를 건너뛰면 포지션은 건너뛴 가격으로 종료됩니다. 최대 증거금 전액까지 잃을 수 있으며, 그 이상은 잃지 않습니다.',
      '배수가 높을수록 강제 청산가가 가까워집니다. 20배에서는 {fall20}, 100배에서는 {fall100}만 하락해도 롱이 강제 청산됩니다. 숏은 반대로, 가격이 같은 만큼 오르면 강제 청산됩니다. 포지션을 열기 전에는 매번 증거금, 수수료, 강제 청산가를 확인하도록 요청합니다.',
    ],
  },
  esp: {
    title: 'Margen, liquidación y ratio de mantenimiento',
    summary:
      'Cómo se calculan el margen, el ratio de margen, el ROE y el precio de liquidación de un contrato, con un ejemplo.',
    body: [
      'Una posición de contrato se mantiene con margen: el valor de la posición dividido por el multiplicador, donde el valor de la posición es precio × lotes × tamaño del lote. La comisión de apertura, {fee_rate} del valor de la posición, se paga una sola vez al abrir; cerrar no tiene comisión.',
      'El saldo de margen es el margen más el P&G no realizado. El margen de mantenimiento es el {maint_pct} del margen (el ratio de mantenimiento). Cada posición muestra su ratio de margen: margen de mantenimiento ÷ saldo de margen.\n1. Una posición nueva empieza en el {maint_pct}.\n2. Una pérdida lo hace subir; una ganancia, bajar.\n3. Al 100 % el saldo de margen ha caído hasta el margen de mantenimiento y la posición se liquida: se cierra al precio registrado.',
      'El ROE es el P&G dividido por el margen. El P&G realizado de una posición cerrada se muestra después de la comisión de apertura.',
      'Ejemplo: un largo de {lots} lotes de BTC/USDT (lote de {lot_size} BTC) abierto a {entry} USDT con {multiple}× de apalancamiento.\n1. Valor de la posición: {entry} × {lots} × {lot_size} = {notional} USDT.\n2. Margen: {notional} ÷ {multiple} = {margin} USDT. Comisión de apertura: {fee} USDT.\n3. Margen de mantenimiento: {maint_pct} × {margin} = {maint} USDT. Ratio de margen ahora: {maint_pct}.\n4. Precio de liquidación: {entry} × (1 − (1 − {maint_ratio}) ÷ {multiple}) = {liq} USDT, una caída del {fall}.\n5. A {mark} USDT el P&G es {loss} USDT y el saldo de margen {balance} USDT: ratio de margen {maint} ÷ {balance} = {ratio}, ROE {roe}.\n6. A {liq} USDT la pérdida es {liq_loss} USDT, el saldo de margen {maint} USDT y el ratio de margen 100 %: la posición se liquida. Te vuelven {back} USDT del margen; con la comisión has perdido {lost_total} USDT.',
      'Si el precio salta más allá del precio de liquidación, la posición se cierra al precio al que saltó: puedes perder como mucho todo el margen, nunca más.',
      'Cuanto mayor es el multiplicador, más cerca está el precio de liquidación: a 20× una caída del {fall20} liquida un largo, a 100× una del {fall100}. Un corto funciona al revés: se liquida cuando el precio sube lo mismo. Antes de abrir cada posición, la app te pide confirmar su margen, su comisión y su precio de liquidación.',
    ],
  },
  th: {
    title: 'มาร์จิ้น การบังคับปิด และอัตรามาร์จิ้นรักษาสถานะ',
    summary: 'วิธีคำนวณมาร์จิ้น อัตรามาร์จิ้น ROE และราคาบังคับปิดของสัญญา พร้อมตัวอย่าง',
    body: [
      'สถานะสัญญาถือด้วยมาร์จิ้น: มาร์จิ้น = มูลค่าสถานะ ÷ ตัวคูณ โดยมูลค่าสถานะ = ราคา × จำนวนล็อต × ขนาดล็อต ค่าธรรมเนียมเปิดสถานะคือ {fee_rate} ของมูลค่าสถานะ จ่ายครั้งเดียวตอนเปิด การปิดสถานะไม่มีค่าธรรมเนียม',
      'ยอดมาร์จิ้นคือมาร์จิ้นบวกกำไรขาดทุนที่ยังไม่รับรู้ มาร์จิ้นรักษาสถานะคือ {maint_pct} ของมาร์จิ้น (อัตรารักษาสถานะ) ทุกสถานะแสดงอัตรามาร์จิ้น: มาร์จิ้นรักษาสถานะ ÷ ยอดมาร์จิ้น\n1. สถานะใหม่เริ่มที่ {maint_pct}\n2. เมื่อขาดทุนจะสูงขึ้น เมื่อกำไรจะลดลง\n3. เมื่อถึง 100% ยอดมาร์จิ้นลดลงเหลือเท่ามาร์จิ้นรักษาสถานะ และสถานะจะถูกบังคับปิดที่ราคาที่บันทึกไว้',
      'ROE คือกำไรขาดทุนหารด้วยมาร์จิ้น กำไรขาดทุนที่รับรู้แล้วของสถานะที่ปิดแล้วแสดงหลังหักค่าธรรมเนียมเปิดสถานะ',
      'ตัวอย่าง: ซื้อขึ้น BTC/USDT {lots} ล็อต (ล็อตละ {lot_size} BTC) ที่ {entry} USDT ด้วยตัวคูณ {multiple}×\n1. มูลค่าสถานะ: {entry} × {lots} × {lot_size} = {notional} USDT\n2. มาร์จิ้น: {notional} ÷ {multiple} = {margin} USDT ค่าธรรมเนียมเปิดสถานะ: {fee} USDT\n3. มาร์จิ้นรักษาสถานะ: {maint_pct} × {margin} = {maint} USDT อัตรามาร์จิ้นตอนนี้: {maint_pct}\n4. ราคาบังคับปิด: {entry} × (1 − (1 − {maint_ratio}) ÷ {multiple}) = {liq} USDT คือราคาลดลง {fall}\n5. ที่ราคา {mark} USDT กำไรขาดทุนคือ {loss} USDT และยอดมาร์จิ้น {balance} USDT: อัตรามาร์จิ้น {maint} ÷ {balance} = {ratio} ROE {roe}\n6. ที่ราคา {liq} USDT ขาดทุน {liq_loss} USDT ยอดมาร์จิ้นเหลือ {maint} USDT และอัตรามาร์จิ้น 100%: สถานะถูกบังคับปิด ได้มาร์จิ้นคืน {back} USDT รวมค่าธรรมเนียมแล้วขาดทุน {lost_total} USDT',
      'หากราคากระโดดข้ามราคาบังคับปิด สถานะจะปิดที่ราคาที่กระโดดไป: ขาดทุนได้สูงสุดเท่ามาร์จิ้นทั้งหมด ไม่เกินกว่านั้น',
      'ตัวคูณยิ่งสูง ราคาบังคับปิดยิ่งใกล้: ที่ 20× ราคาลดลง {fall20} ก็บังคับปิดสถานะซื้อขึ้น ที่ 100× เพียง {fall100} สถานะซื้อลงกลับกัน: ถูกบังคับปิดเมื่อราคาขึ้นเท่ากัน ก่อนเปิดทุกสถานะ แอปจะให้คุณยืนยันมาร์จิ้น ค่าธรรมเนียม และราคาบังคับปิดก่อน',
    ],
  },
};

/** The article in every language, the example's values filled in. */
export function marginArticleTexts(): Texts {
  return Object.fromEntries(
    LOCALES.map((lang) => {
      const v = values(lang);
      const fill = (s: string) =>
        s.replace(/\{(\w+)\}/g, (_, name: string) => {
          const value = v[name];
          if (value === undefined) throw new Error(`margin article: no value ${name}`);
          return value;
        });
      const w = WORDS[lang];
      return [lang, { title: w.title, summary: w.summary, body: fill(w.body.join('\n\n')) }];
    }),
  ) as Texts;
}

export const MARGIN_ARTICLE: DemoArticle = {
  code: MARGIN_ARTICLE_CODE,
  category: 'trading',
  sort: 2,
  texts: marginArticleTexts(),
};
