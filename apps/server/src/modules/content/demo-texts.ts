import type { Locale } from '@hx/protocol';

/**
 * The demo installation's notices, banners and help centre, in all seven languages. Plain text:
 * blank lines separate paragraphs, lines starting with "1." are steps. What they say matches how
 * this exchange works (see docs/decisions.md); an operator edits or replaces them later.
 */
export type Words = { title: string; summary?: string; body?: string };
export type Texts = Record<Locale, Words>;

export interface DemoNotice {
  code: string;
  pinned: boolean;
  /** Published this many days before the seed runs. */
  daysAgo: number;
  texts: Texts;
}

export const DEMO_NOTICES: DemoNotice[] = [
  {
    code: 'demo-welcome',
    pinned: true,
    daysAgo: 0,
    texts: {
      en: {
        title: 'Welcome to the demo exchange',
        body: 'This installation runs in demo mode. Prices come from a simulated market that is recorded and used for every settlement, exactly like a real feed would be.\n\nBalances are demo money: deposits are approved by the demo operator, and nothing you do here moves real funds.\n\nEverything else works as it will in production: the order books, timed options, contracts, wealth products and the ledger behind them.',
      },
      zh: {
        title: '欢迎使用演示交易所',
        body: '本站点运行在演示模式下。行情来自模拟市场，每一笔价格都会被记录，并用于所有结算，与真实行情源完全相同。\n\n账户余额均为演示资金：充值由演示管理员审核，您在这里的任何操作都不会转移真实资金。\n\n其他功能与正式环境一致：订单簿、秒合约期权、永续合约、理财产品以及背后的账本。',
      },
      hk: {
        title: '歡迎使用示範交易所',
        body: '本站點以示範模式運行。行情來自模擬市場，每一筆價格都會被記錄，並用於所有結算，與真實行情源完全相同。\n\n賬戶餘額均為示範資金：充值由示範管理員審核，您在這裡的任何操作都不會轉移真實資金。\n\n其他功能與正式環境一致：訂單簿、秒合約期權、永續合約、理財產品以及背後的賬本。',
      },
      jp: {
        title: 'デモ取引所へようこそ',
        body: 'このサイトはデモモードで動作しています。価格はシミュレーション市場から配信され、すべて記録されたうえで決済に使われます。実際の相場配信と同じ仕組みです。\n\n残高はデモ資金です。入金はデモ運営者が承認し、ここでの操作で実際の資金が動くことはありません。\n\nその他の機能は本番と同じです：板取引、時間オプション、先物、資産運用商品、そしてそれらを支える台帳。',
      },
      kr: {
        title: '데모 거래소에 오신 것을 환영합니다',
        body: '이 사이트는 데모 모드로 운영됩니다. 시세는 모의 시장에서 생성되며 모두 기록되어 모든 정산에 사용됩니다. 실제 시세 피드와 똑같은 방식입니다.\n\n잔고는 데모 자금입니다. 입금은 데모 운영자가 승인하며, 여기서 하는 어떤 거래도 실제 자금을 움직이지 않습니다.\n\n그 밖의 기능은 실제 서비스와 같습니다: 호가창, 시간 옵션, 선물 계약, 자산관리 상품, 그리고 이를 뒷받침하는 원장.',
      },
      esp: {
        title: 'Bienvenido al exchange de demostración',
        body: 'Esta instalación funciona en modo demo. Los precios vienen de un mercado simulado que se registra y se usa en cada liquidación, igual que lo haría una fuente real.\n\nLos saldos son dinero de demostración: los depósitos los aprueba el operador de la demo y nada de lo que hagas aquí mueve fondos reales.\n\nTodo lo demás funciona como en producción: los libros de órdenes, las opciones por tiempo, los contratos, los productos de inversión y el libro contable que hay detrás.',
      },
      th: {
        title: 'ยินดีต้อนรับสู่ตลาดซื้อขายสาธิต',
        body: 'ระบบนี้ทำงานในโหมดสาธิต ราคามาจากตลาดจำลองที่ถูกบันทึกไว้และใช้ในการชำระราคาทุกครั้ง เหมือนกับแหล่งราคาจริงทุกประการ\n\nยอดคงเหลือเป็นเงินสาธิต การฝากเงินจะได้รับการอนุมัติโดยผู้ดูแลระบบสาธิต และไม่มีการโอนเงินจริงจากการใช้งานที่นี่\n\nฟังก์ชันอื่นทำงานเหมือนระบบจริง ได้แก่ สมุดคำสั่งซื้อขาย ออปชันแบบกำหนดเวลา สัญญาซื้อขายล่วงหน้า ผลิตภัณฑ์การลงทุน และบัญชีแยกประเภทที่อยู่เบื้องหลัง',
      },
    },
  },
  {
    code: 'options-launch',
    pinned: false,
    daysAgo: 2,
    texts: {
      en: {
        title: 'Timed options now open for BTC, ETH and more',
        body: 'You can now trade timed options: choose call, put or even, pick a period from 30 seconds to 5 minutes, and see the payout rate before you buy.\n\nThe opening price is the last recorded price when you buy; the closing price is the last recorded price at delivery. Both are shown on your order with their times.\n\nComplete identity verification and transfer funds to your options account to start.',
      },
      zh: {
        title: '秒合约期权现已开放BTC、ETH等币种',
        body: '现在可以交易秒合约期权：选择看涨、看跌或持平，选择30秒到5分钟的周期，购买前即可看到收益率。\n\n开仓价为购买时最后记录的价格，交割价为交割时最后记录的价格。两者及其时间都会显示在您的订单中。\n\n完成身份认证并将资金划转到期权账户即可开始。',
      },
      hk: {
        title: '秒合約期權現已開放BTC、ETH等幣種',
        body: '現在可以交易秒合約期權：選擇看漲、看跌或持平，選擇30秒到5分鐘的週期，購買前即可看到收益率。\n\n開倉價為購買時最後記錄的價格，交割價為交割時最後記錄的價格。兩者及其時間都會顯示在您的訂單中。\n\n完成身份認證並將資金劃轉到期權賬戶即可開始。',
      },
      jp: {
        title: 'BTC・ETHなどで時間オプションの取引を開始しました',
        body: '時間オプションの取引ができるようになりました。コール・プット・イーブンを選び、30秒から5分までの期間を指定すると、購入前に配当率を確認できます。\n\n開始価格は購入時に最後に記録された価格、終了価格は満期時点で最後に記録された価格です。どちらも時刻とともに注文に表示されます。\n\n本人確認を完了し、オプション口座へ資金を振り替えると取引を始められます。',
      },
      kr: {
        title: 'BTC, ETH 등 시간 옵션 거래 오픈',
        body: '이제 시간 옵션을 거래할 수 있습니다. 콜, 풋 또는 이븐을 선택하고 30초에서 5분 사이의 기간을 고르면 구매 전에 수익률을 확인할 수 있습니다.\n\n시작 가격은 구매 시점의 마지막 기록 가격이고, 종료 가격은 만기 시점의 마지막 기록 가격입니다. 두 가격과 시각은 주문 내역에 표시됩니다.\n\n신원 인증을 완료하고 옵션 계정으로 자금을 이체하면 시작할 수 있습니다.',
      },
      esp: {
        title: 'Las opciones por tiempo ya están disponibles para BTC, ETH y más',
        body: 'Ya puedes operar opciones por tiempo: elige alza, baja o igual, escoge un periodo de 30 segundos a 5 minutos y consulta la tasa de pago antes de comprar.\n\nEl precio de apertura es el último precio registrado al comprar; el de cierre, el último precio registrado en el vencimiento. Ambos aparecen en tu orden con su hora.\n\nCompleta la verificación de identidad y transfiere fondos a tu cuenta de opciones para empezar.',
      },
      th: {
        title: 'เปิดให้ซื้อขายออปชันแบบกำหนดเวลาสำหรับ BTC, ETH และอื่น ๆ แล้ว',
        body: 'ตอนนี้คุณสามารถซื้อขายออปชันแบบกำหนดเวลาได้แล้ว เลือกขึ้น ลง หรือเท่าเดิม เลือกระยะเวลาตั้งแต่ 30 วินาทีถึง 5 นาที และดูอัตราผลตอบแทนก่อนซื้อ\n\nราคาเปิดคือราคาที่บันทึกล่าสุดตอนซื้อ ราคาปิดคือราคาที่บันทึกล่าสุด ณ เวลาส่งมอบ ทั้งสองราคาและเวลาจะแสดงในคำสั่งซื้อของคุณ\n\nยืนยันตัวตนให้เรียบร้อยและโอนเงินเข้าบัญชีออปชันเพื่อเริ่มต้น',
      },
    },
  },
  {
    code: 'withdrawal-rules',
    pinned: false,
    daysAgo: 5,
    texts: {
      en: {
        title: 'Withdrawals: limits and arrival times',
        body: 'You can make up to 3 withdrawal requests a day. Each coin has a minimum amount and a fixed network fee, both shown on the withdrawal page before you confirm.\n\nThe amount is frozen while the request is reviewed and normally arrives within 12 hours. A rejected request returns the full amount to your account, with the reason.\n\nWithdrawals need identity verification, a fund password and a saved withdrawal address.',
      },
      zh: {
        title: '提币：限额与到账时间',
        body: '每天最多可提交3次提币申请。每个币种都有最低提币数量和固定的网络手续费，确认前会在提币页面显示。\n\n审核期间提币数量会被冻结，通常在12小时内到账。被驳回的申请会将全部数量退回您的账户，并注明原因。\n\n提币需要完成身份认证、设置资金密码并保存提币地址。',
      },
      hk: {
        title: '提幣：限額與到賬時間',
        body: '每天最多可提交3次提幣申請。每個幣種都有最低提幣數量和固定的網絡手續費，確認前會在提幣頁面顯示。\n\n審核期間提幣數量會被凍結，通常在12小時內到賬。被駁回的申請會將全部數量退回您的賬戶，並註明原因。\n\n提幣需要完成身份認證、設定資金密碼並保存提幣地址。',
      },
      jp: {
        title: '出金：上限と着金までの時間',
        body: '出金申請は1日3回までです。各通貨には最低出金額と固定のネットワーク手数料があり、確定前に出金画面に表示されます。\n\n審査中は金額が凍結され、通常12時間以内に着金します。却下された申請は理由とともに全額が口座に戻ります。\n\n出金には本人確認、資金パスワードの設定、出金アドレスの登録が必要です。',
      },
      kr: {
        title: '출금: 한도와 도착 시간',
        body: '출금 신청은 하루 최대 3회까지 가능합니다. 코인마다 최소 출금 수량과 고정 네트워크 수수료가 있으며, 확인 전에 출금 화면에 표시됩니다.\n\n심사 중에는 금액이 동결되며 보통 12시간 이내에 도착합니다. 거절된 신청은 사유와 함께 전액이 계정으로 반환됩니다.\n\n출금하려면 신원 인증, 자금 비밀번호 설정, 출금 주소 등록이 필요합니다.',
      },
      esp: {
        title: 'Retiros: límites y plazos de llegada',
        body: 'Puedes hacer hasta 3 solicitudes de retiro al día. Cada moneda tiene un importe mínimo y una comisión de red fija, que se muestran en la página de retiro antes de confirmar.\n\nEl importe queda congelado mientras se revisa la solicitud y normalmente llega en menos de 12 horas. Si se rechaza, el importe completo vuelve a tu cuenta junto con el motivo.\n\nPara retirar necesitas la verificación de identidad, una contraseña de fondos y una dirección de retiro guardada.',
      },
      th: {
        title: 'การถอนเงิน: วงเงินและระยะเวลาที่ได้รับ',
        body: 'คุณส่งคำขอถอนได้สูงสุดวันละ 3 ครั้ง แต่ละเหรียญมีจำนวนถอนขั้นต่ำและค่าธรรมเนียมเครือข่ายคงที่ ซึ่งจะแสดงในหน้าถอนก่อนยืนยัน\n\nระหว่างการตรวจสอบ จำนวนเงินจะถูกระงับไว้ และปกติจะได้รับภายใน 12 ชั่วโมง หากคำขอถูกปฏิเสธ จำนวนเงินทั้งหมดจะคืนเข้าบัญชีพร้อมเหตุผล\n\nการถอนต้องยืนยันตัวตน ตั้งรหัสผ่านกองทุน และบันทึกที่อยู่สำหรับถอนไว้ก่อน',
      },
    },
  },
  {
    code: 'maintenance',
    pinned: false,
    daysAgo: 9,
    texts: {
      en: {
        title: 'Completed: wallet service maintenance',
        body: 'The scheduled wallet maintenance has finished. Deposits and withdrawals were paused for about 30 minutes; trading, options and contracts kept running.\n\nRequests made during the pause have been processed in order. If a deposit you made during the window is still under review, please send us feedback with its time and amount.',
      },
      zh: {
        title: '已完成：钱包服务维护',
        body: '计划中的钱包维护已完成。维护期间充值和提币暂停约30分钟，交易、期权和合约均正常运行。\n\n暂停期间提交的申请已按顺序处理。如果您在维护期间的充值仍在审核中，请通过意见反馈告诉我们充值时间和数量。',
      },
      hk: {
        title: '已完成：錢包服務維護',
        body: '計劃中的錢包維護已完成。維護期間充值和提幣暫停約30分鐘，交易、期權和合約均正常運行。\n\n暫停期間提交的申請已按順序處理。如果您在維護期間的充值仍在審核中，請透過意見回饋告訴我們充值時間和數量。',
      },
      jp: {
        title: '完了：ウォレットのメンテナンス',
        body: '予定していたウォレットのメンテナンスが完了しました。入出金は約30分停止しましたが、現物取引・オプション・先物は通常どおり稼働していました。\n\n停止中に受け付けた申請は順番に処理済みです。メンテナンス中の入金がまだ審査中の場合は、日時と金額を添えてフィードバックからお知らせください。',
      },
      kr: {
        title: '완료: 지갑 서비스 점검',
        body: '예정된 지갑 점검이 완료되었습니다. 입출금은 약 30분간 중단되었으며, 거래·옵션·계약은 정상적으로 운영되었습니다.\n\n중단 중에 접수된 신청은 순서대로 처리되었습니다. 점검 시간에 한 입금이 아직 심사 중이라면 시간과 금액을 적어 피드백으로 알려 주세요.',
      },
      esp: {
        title: 'Completado: mantenimiento del servicio de billetera',
        body: 'El mantenimiento programado de la billetera ha terminado. Los depósitos y retiros estuvieron pausados unos 30 minutos; el trading, las opciones y los contratos siguieron funcionando.\n\nLas solicitudes hechas durante la pausa se han procesado en orden. Si un depósito que hiciste en ese intervalo sigue en revisión, envíanos un comentario con su hora e importe.',
      },
      th: {
        title: 'เสร็จสิ้น: การบำรุงรักษาบริการกระเป๋าเงิน',
        body: 'การบำรุงรักษากระเป๋าเงินตามกำหนดเสร็จสิ้นแล้ว การฝากและถอนถูกหยุดชั่วคราวประมาณ 30 นาที ส่วนการซื้อขาย ออปชัน และสัญญายังทำงานตามปกติ\n\nคำขอที่ส่งเข้ามาระหว่างหยุดชั่วคราวได้รับการดำเนินการตามลำดับแล้ว หากการฝากเงินของคุณในช่วงนั้นยังอยู่ระหว่างตรวจสอบ กรุณาส่งความคิดเห็นพร้อมเวลาและจำนวนเงิน',
      },
    },
  },
];

export interface DemoBanner {
  code: string;
  link: string;
  sort: number;
  texts: Record<Locale, { title: string; summary: string }>;
}

export const DEMO_BANNERS: DemoBanner[] = [
  {
    code: 'honest',
    link: '/pages/help-center/center',
    sort: 0,
    texts: {
      en: {
        title: 'Settled on recorded prices',
        summary: 'Every result comes from a recorded market price, shown on your order.',
      },
      zh: {
        title: '基于记录价格结算',
        summary: '每个结果都来自已记录的市场价格，并显示在您的订单中。',
      },
      hk: {
        title: '基於記錄價格結算',
        summary: '每個結果都來自已記錄的市場價格，並顯示在您的訂單中。',
      },
      jp: {
        title: '記録された価格で決済',
        summary: 'すべての結果は記録された市場価格に基づき、注文に表示されます。',
      },
      kr: {
        title: '기록된 가격으로 정산',
        summary: '모든 결과는 기록된 시장 가격에서 나오며 주문에 표시됩니다.',
      },
      esp: {
        title: 'Liquidado con precios registrados',
        summary: 'Cada resultado sale de un precio de mercado registrado y aparece en tu orden.',
      },
      th: {
        title: 'ชำระราคาด้วยราคาที่บันทึกไว้',
        summary: 'ทุกผลลัพธ์มาจากราคาตลาดที่บันทึกไว้ และแสดงในคำสั่งของคุณ',
      },
    },
  },
  {
    code: 'finance',
    link: '/pages/finance/index',
    sort: 1,
    texts: {
      en: {
        title: 'Earn daily interest',
        summary: 'Lock coins in a wealth product and receive interest every day.',
      },
      zh: { title: '每日赚取利息', summary: '将币存入理财产品，每天获得利息。' },
      hk: { title: '每日賺取利息', summary: '將幣存入理財產品，每天獲得利息。' },
      jp: {
        title: '毎日利息を受け取る',
        summary: '資産運用商品に預けると、毎日利息が支払われます。',
      },
      kr: {
        title: '매일 이자 받기',
        summary: '자산관리 상품에 코인을 예치하고 매일 이자를 받으세요.',
      },
      esp: {
        title: 'Gana intereses cada día',
        summary: 'Bloquea monedas en un producto de inversión y recibe intereses a diario.',
      },
      th: { title: 'รับดอกเบี้ยทุกวัน', summary: 'ฝากเหรียญในผลิตภัณฑ์การลงทุนและรับดอกเบี้ยทุกวัน' },
    },
  },
  {
    code: 'notices',
    link: '/pages/notice/index',
    sort: 2,
    texts: {
      en: {
        title: 'Stay informed',
        summary: 'Read the latest notices about markets, wallets and new products.',
      },
      zh: { title: '掌握最新动态', summary: '查看有关行情、钱包和新产品的最新公告。' },
      hk: { title: '掌握最新動態', summary: '查看有關行情、錢包和新產品的最新公告。' },
      jp: {
        title: '最新情報をチェック',
        summary: '相場、ウォレット、新商品に関する最新のお知らせをご覧ください。',
      },
      kr: { title: '최신 소식 확인', summary: '시장, 지갑, 신상품에 관한 최신 공지를 확인하세요.' },
      esp: {
        title: 'Mantente informado',
        summary: 'Lee los últimos avisos sobre mercados, billeteras y nuevos productos.',
      },
      th: { title: 'ติดตามข่าวสาร', summary: 'อ่านประกาศล่าสุดเกี่ยวกับตลาด กระเป๋าเงิน และผลิตภัณฑ์ใหม่' },
    },
  },
];

export interface DemoCategory {
  code: string;
  icon: string;
  sort: number;
  names: Record<Locale, string>;
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    code: 'funds',
    icon: 'wallet',
    sort: 0,
    names: {
      en: 'Deposits and transfers',
      zh: '充值与划转',
      hk: '充值與劃轉',
      jp: '入金と振替',
      kr: '입금과 이체',
      esp: 'Depósitos y transferencias',
      th: 'การฝากและการโอน',
    },
  },
  {
    code: 'trading',
    icon: 'trade',
    sort: 1,
    names: {
      en: 'Trading',
      zh: '交易',
      hk: '交易',
      jp: '取引',
      kr: '거래',
      esp: 'Trading',
      th: 'การซื้อขาย',
    },
  },
  {
    code: 'security',
    icon: 'shield',
    sort: 2,
    names: {
      en: 'Account security',
      zh: '账户安全',
      hk: '賬戶安全',
      jp: 'アカウントの安全',
      kr: '계정 보안',
      esp: 'Seguridad de la cuenta',
      th: 'ความปลอดภัยของบัญชี',
    },
  },
  {
    code: 'verification',
    icon: 'user',
    sort: 3,
    names: {
      en: 'Identity verification',
      zh: '身份认证',
      hk: '身份認證',
      jp: '本人確認',
      kr: '신원 인증',
      esp: 'Verificación de identidad',
      th: 'การยืนยันตัวตน',
    },
  },
];

export interface DemoArticle {
  code: string;
  category: string;
  sort: number;
  texts: Texts;
}

export const DEMO_ARTICLES: DemoArticle[] = [
  {
    code: 'how-to-deposit',
    category: 'funds',
    sort: 0,
    texts: {
      en: {
        title: 'How to deposit',
        summary:
          'Choose a coin and network, send to the shown address, then submit the amount and a voucher.',
        body: '1. Open Deposit from the home page or the side menu and choose the coin.\n2. Choose the network (for USDT: TRC20, ERC20 or OMNI). Send only on that network: coins sent on another network cannot be recovered.\n3. Copy the address or scan its QR code and send the coins from your wallet.\n4. Tap Submit, enter the amount you sent and upload a screenshot of the transfer as the voucher.\n\nThe deposit shows as under review in your records and is credited to your spot account once it is confirmed. Each coin has a minimum deposit; smaller amounts are not credited.\n\nBank deposits work the same way: transfer to the bank account shown, then submit the amount and the transfer slip.',
      },
      zh: {
        title: '如何充值',
        summary: '选择币种和网络，转账到显示的地址，然后提交数量和凭证。',
        body: '1. 从首页或侧边菜单打开“充值”，选择币种。\n2. 选择网络（USDT可选TRC20、ERC20或OMNI）。请只通过该网络转账：通过其他网络转入的币无法找回。\n3. 复制地址或扫描二维码，从您的钱包发送。\n4. 点击“提交”，填写转账数量，并上传转账截图作为凭证。\n\n充值在记录中显示为“审核中”，确认后将计入您的币币账户。每个币种都有最低充值数量，低于该数量的充值不会入账。\n\n银行充值流程相同：转账到页面显示的银行账户，然后提交金额和转账凭证。',
      },
      hk: {
        title: '如何充值',
        summary: '選擇幣種和網絡，轉賬到顯示的地址，然後提交數量和憑證。',
        body: '1. 從首頁或側邊選單打開「充值」，選擇幣種。\n2. 選擇網絡（USDT可選TRC20、ERC20或OMNI）。請只透過該網絡轉賬：透過其他網絡轉入的幣無法找回。\n3. 複製地址或掃描二維碼，從您的錢包發送。\n4. 點擊「提交」，填寫轉賬數量，並上傳轉賬截圖作為憑證。\n\n充值在記錄中顯示為「審核中」，確認後將計入您的幣幣賬戶。每個幣種都有最低充值數量，低於該數量的充值不會入賬。\n\n銀行充值流程相同：轉賬到頁面顯示的銀行賬戶，然後提交金額和轉賬憑證。',
      },
      jp: {
        title: '入金方法',
        summary:
          '通貨とネットワークを選び、表示されたアドレスに送金してから、金額と証憑を提出します。',
        body: '1. ホーム画面またはサイドメニューから「入金」を開き、通貨を選びます。\n2. ネットワークを選びます（USDTはTRC20、ERC20、OMNI）。必ずそのネットワークで送金してください。別のネットワークで送られた通貨は取り戻せません。\n3. アドレスをコピーするかQRコードを読み取り、お使いのウォレットから送金します。\n4. 「提出」をタップし、送金した金額を入力して、送金画面のスクリーンショットを証憑としてアップロードします。\n\n入金は履歴に「審査中」と表示され、確認後に現物口座へ反映されます。通貨ごとに最低入金額があり、それ未満の金額は反映されません。\n\n銀行振込による入金も同じ流れです。表示された口座に振り込み、金額と振込明細を提出してください。',
      },
      kr: {
        title: '입금 방법',
        summary: '코인과 네트워크를 선택해 표시된 주소로 보낸 뒤 금액과 증빙을 제출하세요.',
        body: '1. 홈 화면이나 사이드 메뉴에서 입금을 열고 코인을 선택합니다.\n2. 네트워크를 선택합니다(USDT는 TRC20, ERC20, OMNI). 반드시 해당 네트워크로만 보내세요. 다른 네트워크로 보낸 코인은 복구할 수 없습니다.\n3. 주소를 복사하거나 QR 코드를 스캔해 지갑에서 보냅니다.\n4. 제출을 누르고 보낸 금액을 입력한 뒤 이체 화면 캡처를 증빙으로 업로드합니다.\n\n입금은 내역에 심사 중으로 표시되며, 확인되면 현물 계정에 반영됩니다. 코인마다 최소 입금 수량이 있으며 그보다 적은 금액은 반영되지 않습니다.\n\n은행 입금도 같은 방식입니다. 표시된 은행 계좌로 이체한 뒤 금액과 이체 확인증을 제출하세요.',
      },
      esp: {
        title: 'Cómo depositar',
        summary:
          'Elige moneda y red, envía a la dirección indicada y luego envía el importe y un comprobante.',
        body: '1. Abre Depósito desde la página de inicio o el menú lateral y elige la moneda.\n2. Elige la red (para USDT: TRC20, ERC20 u OMNI). Envía solo por esa red: las monedas enviadas por otra red no se pueden recuperar.\n3. Copia la dirección o escanea su código QR y envía las monedas desde tu billetera.\n4. Pulsa Enviar, indica el importe enviado y sube una captura de la transferencia como comprobante.\n\nEl depósito aparece como en revisión en tus registros y se abona en tu cuenta spot cuando se confirma. Cada moneda tiene un depósito mínimo; los importes menores no se abonan.\n\nLos depósitos bancarios funcionan igual: transfiere a la cuenta bancaria indicada y envía el importe y el justificante.',
      },
      th: {
        title: 'วิธีฝากเงิน',
        summary: 'เลือกเหรียญและเครือข่าย โอนไปยังที่อยู่ที่แสดง แล้วส่งจำนวนเงินพร้อมหลักฐาน',
        body: '1. เปิดเมนูฝากเงินจากหน้าแรกหรือเมนูด้านข้าง แล้วเลือกเหรียญ\n2. เลือกเครือข่าย (USDT: TRC20, ERC20 หรือ OMNI) โปรดโอนผ่านเครือข่ายนั้นเท่านั้น เหรียญที่โอนผ่านเครือข่ายอื่นจะไม่สามารถกู้คืนได้\n3. คัดลอกที่อยู่หรือสแกนคิวอาร์โค้ด แล้วโอนเหรียญจากกระเป๋าเงินของคุณ\n4. แตะส่ง กรอกจำนวนที่โอน และอัปโหลดภาพหน้าจอการโอนเป็นหลักฐาน\n\nรายการฝากจะแสดงสถานะกำลังตรวจสอบในประวัติ และจะเข้าบัญชีสปอตเมื่อได้รับการยืนยัน แต่ละเหรียญมียอดฝากขั้นต่ำ จำนวนที่น้อยกว่านั้นจะไม่ถูกเครดิต\n\nการฝากผ่านธนาคารใช้ขั้นตอนเดียวกัน โอนเข้าบัญชีธนาคารที่แสดง แล้วส่งจำนวนเงินพร้อมสลิปการโอน',
      },
    },
  },
  {
    code: 'how-transfers-work',
    category: 'funds',
    sort: 1,
    texts: {
      en: {
        title: 'How transfers between accounts work',
        summary:
          'Move coins between your spot, options, contract and wealth accounts instantly and free.',
        body: 'Your assets are kept in four accounts: spot (for coin trading, deposits and withdrawals), options, contract and wealth (trust).\n\nTo trade options or contracts, or to buy a wealth product, first move coins to that account: Assets, then Transfer. Choose the from and to accounts, the coin and the amount.\n\nTransfers are instant and have no fee. Only the available balance can be moved; amounts frozen in open orders, positions or pending withdrawals stay where they are.\n\nTo exchange one coin for another, use Conversion: it uses the last recorded price and shows its fee before you confirm.',
      },
      zh: {
        title: '账户之间如何划转',
        summary: '在币币、期权、合约和理财账户之间即时、免费地划转资产。',
        body: '您的资产分别存放在四个账户中：币币账户（用于币币交易、充值和提币）、期权账户、合约账户和理财账户。\n\n交易期权或合约、购买理财产品之前，请先将币划转到对应账户：资产 → 划转，选择转出和转入账户、币种和数量。\n\n划转即时到账，不收取手续费。只能划转可用余额；挂单、持仓或待处理提币中冻结的数量不会被划转。\n\n如需将一种币兑换成另一种，请使用“闪兑”：按最后记录的价格成交，确认前会显示手续费。',
      },
      hk: {
        title: '賬戶之間如何劃轉',
        summary: '在幣幣、期權、合約和理財賬戶之間即時、免費地劃轉資產。',
        body: '您的資產分別存放在四個賬戶中：幣幣賬戶（用於幣幣交易、充值和提幣）、期權賬戶、合約賬戶和理財賬戶。\n\n交易期權或合約、購買理財產品之前，請先將幣劃轉到對應賬戶：資產 → 劃轉，選擇轉出和轉入賬戶、幣種和數量。\n\n劃轉即時到賬，不收取手續費。只能劃轉可用餘額；掛單、持倉或待處理提幣中凍結的數量不會被劃轉。\n\n如需將一種幣兌換成另一種，請使用「閃兌」：按最後記錄的價格成交，確認前會顯示手續費。',
      },
      jp: {
        title: '口座間の振替について',
        summary:
          '現物・オプション・先物・運用の各口座の間で、即時かつ無料で資産を振り替えられます。',
        body: '資産は4つの口座に分かれています：現物口座（現物取引・入出金用）、オプション口座、先物口座、運用口座です。\n\nオプションや先物の取引、運用商品の購入の前に、まずその口座へ振り替えてください：「資産」→「振替」で、振替元と振替先、通貨、数量を選びます。\n\n振替は即時に反映され、手数料はかかりません。振り替えられるのは利用可能残高だけで、注文中・保有中・出金処理中で凍結された分はそのまま残ります。\n\n通貨を別の通貨に交換するには「両替」を使います。最後に記録された価格で約定し、確定前に手数料が表示されます。',
      },
      kr: {
        title: '계정 간 이체 방법',
        summary: '현물, 옵션, 계약, 자산관리 계정 사이에서 즉시 무료로 이체할 수 있습니다.',
        body: '자산은 네 개의 계정에 보관됩니다: 현물 계정(코인 거래, 입출금용), 옵션 계정, 계약 계정, 자산관리 계정.\n\n옵션이나 계약을 거래하거나 자산관리 상품을 구매하려면 먼저 해당 계정으로 이체하세요: 자산 → 이체에서 보내는 계정과 받는 계정, 코인, 수량을 선택합니다.\n\n이체는 즉시 처리되며 수수료가 없습니다. 사용 가능 잔고만 이체할 수 있으며, 미체결 주문·보유 포지션·처리 중인 출금에 동결된 금액은 그대로 남습니다.\n\n한 코인을 다른 코인으로 바꾸려면 환전을 이용하세요. 마지막 기록 가격으로 처리되며 확인 전에 수수료가 표시됩니다.',
      },
      esp: {
        title: 'Cómo funcionan las transferencias entre cuentas',
        summary:
          'Mueve monedas entre tus cuentas spot, de opciones, de contratos y de inversión al instante y sin comisión.',
        body: 'Tus activos se guardan en cuatro cuentas: spot (para operar monedas, depositar y retirar), opciones, contratos e inversión.\n\nPara operar opciones o contratos, o comprar un producto de inversión, primero mueve monedas a esa cuenta: Activos y luego Transferir. Elige la cuenta de origen y la de destino, la moneda y el importe.\n\nLas transferencias son instantáneas y no tienen comisión. Solo se puede mover el saldo disponible; lo congelado en órdenes abiertas, posiciones o retiros pendientes se queda donde está.\n\nPara cambiar una moneda por otra, usa Conversión: utiliza el último precio registrado y muestra su comisión antes de confirmar.',
      },
      th: {
        title: 'การโอนระหว่างบัญชีทำงานอย่างไร',
        summary: 'ย้ายเหรียญระหว่างบัญชีสปอต ออปชัน สัญญา และการลงทุนได้ทันทีโดยไม่มีค่าธรรมเนียม',
        body: 'สินทรัพย์ของคุณเก็บอยู่ในสี่บัญชี ได้แก่ บัญชีสปอต (สำหรับซื้อขายเหรียญ ฝาก และถอน) บัญชีออปชัน บัญชีสัญญา และบัญชีการลงทุน\n\nก่อนซื้อขายออปชันหรือสัญญา หรือซื้อผลิตภัณฑ์การลงทุน ให้โอนเหรียญไปยังบัญชีนั้นก่อน: สินทรัพย์ แล้วเลือกโอน เลือกบัญชีต้นทาง บัญชีปลายทาง เหรียญ และจำนวน\n\nการโอนเกิดขึ้นทันทีและไม่มีค่าธรรมเนียม โอนได้เฉพาะยอดที่ใช้ได้ ส่วนที่ถูกระงับในคำสั่งที่เปิดอยู่ สถานะที่ถืออยู่ หรือการถอนที่รอดำเนินการจะยังอยู่ที่เดิม\n\nหากต้องการแลกเหรียญหนึ่งเป็นอีกเหรียญ ให้ใช้การแลกเปลี่ยน ซึ่งใช้ราคาที่บันทึกล่าสุดและแสดงค่าธรรมเนียมก่อนยืนยัน',
      },
    },
  },
  {
    code: 'how-options-settle',
    category: 'trading',
    sort: 0,
    texts: {
      en: {
        title: 'How timed options settle',
        summary:
          'Opening and closing prices are recorded market prices; the rule is the same for everyone.',
        body: "When you buy, the opening price is the last recorded price of the symbol at that moment. At delivery time the closing price is the last recorded price at or before delivery. Both prices and their times are stored on your order.\n\nPrices are compared at the symbol's price precision:\n1. Call wins if the closing price is higher than the opening price.\n2. Put wins if the closing price is lower.\n3. Even wins if they are equal.\n\nA winning order receives the stake plus the stake times the payout rate of the period. A call or put that ends even is refunded in full. Any other result loses the stake.\n\nNo operator or setting can choose an outcome: settlement only reads the recorded prices.",
      },
      zh: {
        title: '秒合约期权如何结算',
        summary: '开仓价和交割价都是已记录的市场价格，规则对所有人相同。',
        body: '购买时，开仓价为该交易对当时最后记录的价格。到达交割时间时，交割价为交割时刻或之前最后记录的价格。两个价格及其时间都会保存在您的订单中。\n\n价格按该交易对的价格精度比较：\n1. 交割价高于开仓价，看涨获胜。\n2. 交割价低于开仓价，看跌获胜。\n3. 两者相等，持平获胜。\n\n获胜的订单将获得本金加上本金乘以该周期收益率。看涨或看跌遇到持平时全额退还本金。其他结果损失本金。\n\n任何管理员或设置都无法决定结果：结算只读取已记录的价格。',
      },
      hk: {
        title: '秒合約期權如何結算',
        summary: '開倉價和交割價都是已記錄的市場價格，規則對所有人相同。',
        body: '購買時，開倉價為該交易對當時最後記錄的價格。到達交割時間時，交割價為交割時刻或之前最後記錄的價格。兩個價格及其時間都會保存在您的訂單中。\n\n價格按該交易對的價格精度比較：\n1. 交割價高於開倉價，看漲獲勝。\n2. 交割價低於開倉價，看跌獲勝。\n3. 兩者相等，持平獲勝。\n\n獲勝的訂單將獲得本金加上本金乘以該週期收益率。看漲或看跌遇到持平時全額退還本金。其他結果損失本金。\n\n任何管理員或設定都無法決定結果：結算只讀取已記錄的價格。',
      },
      jp: {
        title: '時間オプションの決済方法',
        summary: '開始価格と終了価格は記録された市場価格で、ルールは全員共通です。',
        body: '購入時の開始価格は、その時点で最後に記録された銘柄の価格です。満期時の終了価格は、満期時刻またはそれ以前に最後に記録された価格です。両方の価格と時刻が注文に保存されます。\n\n価格は銘柄の価格精度で比較します：\n1. 終了価格が開始価格より高ければコールの勝ち。\n2. 低ければプットの勝ち。\n3. 同じならイーブンの勝ち。\n\n勝った注文には、元本に元本×その期間の配当率を加えた額が支払われます。コールまたはプットで結果が同値の場合は全額返金されます。それ以外は元本を失います。\n\n運営者や設定が結果を選ぶことはできません。決済は記録された価格だけを参照します。',
      },
      kr: {
        title: '시간 옵션 정산 방식',
        summary: '시작 가격과 종료 가격은 기록된 시장 가격이며, 규칙은 모두에게 같습니다.',
        body: '구매 시 시작 가격은 그 순간 해당 종목의 마지막 기록 가격입니다. 만기 시 종료 가격은 만기 시각 또는 그 이전의 마지막 기록 가격입니다. 두 가격과 시각은 주문에 저장됩니다.\n\n가격은 종목의 가격 정밀도로 비교합니다:\n1. 종료 가격이 시작 가격보다 높으면 콜이 이깁니다.\n2. 낮으면 풋이 이깁니다.\n3. 같으면 이븐이 이깁니다.\n\n이긴 주문은 원금과 원금×해당 기간 수익률을 받습니다. 콜이나 풋이 같은 가격으로 끝나면 전액 환불됩니다. 그 밖의 결과는 원금을 잃습니다.\n\n어떤 운영자나 설정도 결과를 정할 수 없습니다. 정산은 기록된 가격만 읽습니다.',
      },
      esp: {
        title: 'Cómo se liquidan las opciones por tiempo',
        summary:
          'Los precios de apertura y cierre son precios de mercado registrados; la regla es igual para todos.',
        body: 'Al comprar, el precio de apertura es el último precio registrado del símbolo en ese momento. En el vencimiento, el precio de cierre es el último precio registrado en el vencimiento o antes. Ambos precios y sus horas se guardan en tu orden.\n\nLos precios se comparan con la precisión del símbolo:\n1. Alza gana si el cierre es mayor que la apertura.\n2. Baja gana si el cierre es menor.\n3. Igual gana si son iguales.\n\nUna orden ganadora recibe el importe apostado más ese importe por la tasa de pago del periodo. Un alza o una baja que termina igual se reembolsa por completo. Cualquier otro resultado pierde el importe.\n\nNingún operador ni ajuste puede elegir un resultado: la liquidación solo lee los precios registrados.',
      },
      th: {
        title: 'ออปชันแบบกำหนดเวลาชำระราคาอย่างไร',
        summary: 'ราคาเปิดและราคาปิดเป็นราคาตลาดที่บันทึกไว้ และใช้กฎเดียวกันกับทุกคน',
        body: 'เมื่อซื้อ ราคาเปิดคือราคาที่บันทึกล่าสุดของสัญลักษณ์นั้นในขณะนั้น เมื่อถึงเวลาส่งมอบ ราคาปิดคือราคาที่บันทึกล่าสุด ณ หรือก่อนเวลาส่งมอบ ทั้งสองราคาและเวลาจะถูกเก็บไว้ในคำสั่งของคุณ\n\nราคาจะถูกเปรียบเทียบตามความละเอียดราคาของสัญลักษณ์:\n1. ขึ้นชนะ หากราคาปิดสูงกว่าราคาเปิด\n2. ลงชนะ หากราคาปิดต่ำกว่า\n3. เท่าเดิมชนะ หากราคาเท่ากัน\n\nคำสั่งที่ชนะจะได้รับเงินลงทุนบวกเงินลงทุนคูณอัตราผลตอบแทนของช่วงเวลานั้น คำสั่งขึ้นหรือลงที่ผลออกมาเท่าเดิมจะได้รับเงินคืนเต็มจำนวน ผลอื่นจะเสียเงินลงทุน\n\nไม่มีผู้ดูแลระบบหรือการตั้งค่าใดเลือกผลลัพธ์ได้ การชำระราคาอ่านเฉพาะราคาที่บันทึกไว้เท่านั้น',
      },
    },
  },
  {
    code: 'trading-fees',
    category: 'trading',
    sort: 1,
    texts: {
      en: {
        title: 'Trading fees',
        summary: 'What you pay for spot trades, contracts, conversions and withdrawals.',
        body: 'Spot trading: each pair has a maker fee (orders that wait in the book) and a taker fee (orders that fill at once). The fee is taken from the coin you receive and shown on every filled order.\n\nContracts: a fee rate of the position value is charged when you open a position; it is shown before you confirm.\n\nTimed options: no separate fee. The payout rate shown is exactly what a winning order earns.\n\nConversion: a small fee on the amount received, shown before you confirm.\n\nWithdrawals: a fixed network fee per coin, shown on the withdrawal page. Deposits and transfers between your accounts are free.',
      },
      zh: {
        title: '交易手续费',
        summary: '币币交易、合约、闪兑和提币的费用说明。',
        body: '币币交易：每个交易对都有挂单手续费（在订单簿中等待成交的订单）和吃单手续费（立即成交的订单）。手续费从您收到的币中扣除，并显示在每笔成交订单上。\n\n合约：开仓时按仓位价值收取一定比例的手续费，确认前会显示。\n\n秒合约期权：不另收手续费。显示的收益率就是获胜订单的实际收益。\n\n闪兑：按收到的数量收取少量手续费，确认前会显示。\n\n提币：每个币种收取固定的网络手续费，在提币页面显示。充值和账户间划转免费。',
      },
      hk: {
        title: '交易手續費',
        summary: '幣幣交易、合約、閃兌和提幣的費用說明。',
        body: '幣幣交易：每個交易對都有掛單手續費（在訂單簿中等待成交的訂單）和吃單手續費（立即成交的訂單）。手續費從您收到的幣中扣除，並顯示在每筆成交訂單上。\n\n合約：開倉時按倉位價值收取一定比例的手續費，確認前會顯示。\n\n秒合約期權：不另收手續費。顯示的收益率就是獲勝訂單的實際收益。\n\n閃兌：按收到的數量收取少量手續費，確認前會顯示。\n\n提幣：每個幣種收取固定的網絡手續費，在提幣頁面顯示。充值和賬戶間劃轉免費。',
      },
      jp: {
        title: '取引手数料',
        summary: '現物取引・先物・両替・出金でかかる費用について。',
        body: '現物取引：各ペアにメイカー手数料（板で約定を待つ注文）とテイカー手数料（即時に約定する注文）があります。手数料は受け取る通貨から差し引かれ、約定した注文ごとに表示されます。\n\n先物：ポジションを建てる際にポジション価値に対する手数料がかかり、確定前に表示されます。\n\n時間オプション：別途の手数料はありません。表示される配当率が勝った注文の受取額そのものです。\n\n両替：受取額に対して少額の手数料がかかり、確定前に表示されます。\n\n出金：通貨ごとに固定のネットワーク手数料がかかり、出金画面に表示されます。入金と口座間の振替は無料です。',
      },
      kr: {
        title: '거래 수수료',
        summary: '현물 거래, 계약, 환전, 출금에 드는 비용 안내.',
        body: '현물 거래: 각 거래쌍에는 메이커 수수료(호가창에서 체결을 기다리는 주문)와 테이커 수수료(즉시 체결되는 주문)가 있습니다. 수수료는 받는 코인에서 차감되며 체결된 주문마다 표시됩니다.\n\n계약: 포지션을 열 때 포지션 가치의 일정 비율이 수수료로 부과되며, 확인 전에 표시됩니다.\n\n시간 옵션: 별도 수수료가 없습니다. 표시된 수익률이 이긴 주문이 받는 금액 그대로입니다.\n\n환전: 받는 금액에 소액의 수수료가 부과되며, 확인 전에 표시됩니다.\n\n출금: 코인마다 고정 네트워크 수수료가 있으며 출금 화면에 표시됩니다. 입금과 계정 간 이체는 무료입니다.',
      },
      esp: {
        title: 'Comisiones de trading',
        summary: 'Lo que pagas por operaciones spot, contratos, conversiones y retiros.',
        body: 'Trading spot: cada par tiene una comisión maker (órdenes que esperan en el libro) y una comisión taker (órdenes que se ejecutan al instante). La comisión se descuenta de la moneda que recibes y aparece en cada orden ejecutada.\n\nContratos: se cobra un porcentaje del valor de la posición al abrirla; se muestra antes de confirmar.\n\nOpciones por tiempo: sin comisión aparte. La tasa de pago mostrada es exactamente lo que gana una orden ganadora.\n\nConversión: una pequeña comisión sobre el importe recibido, mostrada antes de confirmar.\n\nRetiros: una comisión de red fija por moneda, indicada en la página de retiro. Los depósitos y las transferencias entre tus cuentas son gratis.',
      },
      th: {
        title: 'ค่าธรรมเนียมการซื้อขาย',
        summary: 'ค่าใช้จ่ายสำหรับการซื้อขายสปอต สัญญา การแลกเปลี่ยน และการถอน',
        body: 'การซื้อขายสปอต: แต่ละคู่มีค่าธรรมเนียมเมกเกอร์ (คำสั่งที่รอในสมุดคำสั่ง) และค่าธรรมเนียมเทกเกอร์ (คำสั่งที่จับคู่ทันที) ค่าธรรมเนียมหักจากเหรียญที่คุณได้รับ และแสดงในทุกคำสั่งที่จับคู่แล้ว\n\nสัญญา: เรียกเก็บค่าธรรมเนียมเป็นสัดส่วนของมูลค่าสถานะเมื่อเปิดสถานะ และแสดงก่อนยืนยัน\n\nออปชันแบบกำหนดเวลา: ไม่มีค่าธรรมเนียมแยก อัตราผลตอบแทนที่แสดงคือสิ่งที่คำสั่งที่ชนะได้รับจริง\n\nการแลกเปลี่ยน: ค่าธรรมเนียมเล็กน้อยจากจำนวนที่ได้รับ แสดงก่อนยืนยัน\n\nการถอน: ค่าธรรมเนียมเครือข่ายคงที่ต่อเหรียญ แสดงในหน้าถอน การฝากและการโอนระหว่างบัญชีของคุณไม่มีค่าธรรมเนียม',
      },
    },
  },
  {
    code: 'account-security',
    category: 'security',
    sort: 0,
    texts: {
      en: {
        title: 'Keeping your account secure',
        summary: 'Passwords, the fund password, verification codes and what we will never ask you.',
        body: 'Use a login password of at least 6 characters that you do not use anywhere else. Change it in Security centre; changing it logs out your other devices.\n\nSet a fund password (6 digits). It is asked for every withdrawal and every new withdrawal address, so a stolen login alone cannot move your coins.\n\nVerification codes are sent by SMS or e-mail and expire after 10 minutes. Never share a code: our staff will never ask for your password, fund password or codes.\n\nAfter several wrong passwords, login is paused for 15 minutes. If you see activity you do not recognise, change your password at once and contact support.',
      },
      zh: {
        title: '保护您的账户安全',
        summary: '登录密码、资金密码、验证码，以及我们绝不会向您索取的信息。',
        body: '请使用至少6位、未在其他地方使用过的登录密码。可在“安全中心”修改，修改后您的其他设备将被退出登录。\n\n请设置资金密码（6位数字）。每次提币和添加新的提币地址都需要它，因此即使登录信息被盗，也无法转走您的币。\n\n验证码通过短信或邮件发送，10分钟后失效。切勿向任何人透露验证码：我们的工作人员绝不会索要您的密码、资金密码或验证码。\n\n多次输错密码后，登录将暂停15分钟。如果发现不认识的操作，请立即修改密码并联系客服。',
      },
      hk: {
        title: '保護您的賬戶安全',
        summary: '登入密碼、資金密碼、驗證碼，以及我們絕不會向您索取的資料。',
        body: '請使用至少6位、未在其他地方使用過的登入密碼。可在「安全中心」修改，修改後您的其他裝置將被登出。\n\n請設定資金密碼（6位數字）。每次提幣和新增提幣地址都需要它，因此即使登入資料被盜，也無法轉走您的幣。\n\n驗證碼透過短訊或電郵發送，10分鐘後失效。切勿向任何人透露驗證碼：我們的職員絕不會索取您的密碼、資金密碼或驗證碼。\n\n多次輸錯密碼後，登入將暫停15分鐘。如果發現不認識的操作，請立即修改密碼並聯絡客服。',
      },
      jp: {
        title: 'アカウントを安全に保つために',
        summary: 'パスワード、資金パスワード、認証コード、そして当社が決して尋ねないこと。',
        body: 'ログインパスワードは6文字以上で、他のサービスと使い回さないものにしてください。「セキュリティセンター」で変更でき、変更すると他の端末はログアウトされます。\n\n資金パスワード（数字6桁）を設定してください。出金や新しい出金アドレスの登録のたびに求められるため、ログイン情報が盗まれても資産は動かせません。\n\n認証コードはSMSまたはメールで届き、10分で無効になります。コードは誰にも教えないでください。当社スタッフがパスワード、資金パスワード、コードを尋ねることは決してありません。\n\nパスワードを何度も間違えると、ログインが15分間停止されます。身に覚えのない操作があれば、すぐにパスワードを変更してサポートにご連絡ください。',
      },
      kr: {
        title: '계정을 안전하게 지키는 방법',
        summary: '비밀번호, 자금 비밀번호, 인증 코드, 그리고 저희가 절대 묻지 않는 것.',
        body: '로그인 비밀번호는 6자 이상이며 다른 곳에서 쓰지 않는 것으로 정하세요. 보안 센터에서 변경할 수 있으며, 변경하면 다른 기기는 로그아웃됩니다.\n\n자금 비밀번호(숫자 6자리)를 설정하세요. 출금과 새 출금 주소 등록 때마다 필요하므로 로그인 정보가 유출되어도 코인을 옮길 수 없습니다.\n\n인증 코드는 문자나 이메일로 발송되며 10분 후 만료됩니다. 코드를 절대 공유하지 마세요. 저희 직원은 비밀번호, 자금 비밀번호, 인증 코드를 절대 묻지 않습니다.\n\n비밀번호를 여러 번 틀리면 15분 동안 로그인이 중지됩니다. 모르는 활동이 보이면 즉시 비밀번호를 바꾸고 고객센터에 연락하세요.',
      },
      esp: {
        title: 'Cómo mantener tu cuenta segura',
        summary:
          'Contraseñas, la contraseña de fondos, los códigos de verificación y lo que nunca te pediremos.',
        body: 'Usa una contraseña de acceso de al menos 6 caracteres que no uses en ningún otro sitio. Cámbiala en el Centro de seguridad; al hacerlo se cierra la sesión en tus otros dispositivos.\n\nEstablece una contraseña de fondos (6 dígitos). Se pide en cada retiro y en cada nueva dirección de retiro, así que un acceso robado no basta para mover tus monedas.\n\nLos códigos de verificación llegan por SMS o correo y caducan a los 10 minutos. Nunca compartas un código: nuestro personal nunca te pedirá la contraseña, la contraseña de fondos ni los códigos.\n\nTras varios intentos fallidos, el acceso se pausa 15 minutos. Si ves actividad que no reconoces, cambia tu contraseña de inmediato y contacta con soporte.',
      },
      th: {
        title: 'การดูแลบัญชีของคุณให้ปลอดภัย',
        summary: 'รหัสผ่าน รหัสผ่านกองทุน รหัสยืนยัน และสิ่งที่เราจะไม่ขอจากคุณ',
        body: 'ใช้รหัสผ่านเข้าสู่ระบบอย่างน้อย 6 ตัวอักษรที่ไม่ได้ใช้ที่อื่น เปลี่ยนได้ที่ศูนย์ความปลอดภัย เมื่อเปลี่ยนแล้วอุปกรณ์อื่นจะถูกออกจากระบบ\n\nตั้งรหัสผ่านกองทุน (ตัวเลข 6 หลัก) ซึ่งต้องใช้ทุกครั้งที่ถอนและเพิ่มที่อยู่ถอนใหม่ ดังนั้นแม้ข้อมูลเข้าสู่ระบบถูกขโมยก็ไม่สามารถย้ายเหรียญของคุณได้\n\nรหัสยืนยันส่งทาง SMS หรืออีเมล และหมดอายุใน 10 นาที ห้ามบอกรหัสแก่ผู้อื่น เจ้าหน้าที่ของเราจะไม่ขอรหัสผ่าน รหัสผ่านกองทุน หรือรหัสยืนยันของคุณ\n\nหากกรอกรหัสผ่านผิดหลายครั้ง การเข้าสู่ระบบจะถูกระงับ 15 นาที หากพบการใช้งานที่ไม่รู้จัก ให้เปลี่ยนรหัสผ่านทันทีและติดต่อฝ่ายบริการ',
      },
    },
  },
  {
    code: 'kyc',
    category: 'verification',
    sort: 0,
    texts: {
      en: {
        title: 'Identity verification (KYC)',
        summary:
          'Basic then advanced verification: what to submit, how long it takes, and who sees it.',
        body: 'Verification has two levels, done in order:\n1. Basic: your country, full name and ID number.\n2. Advanced: your contact address and three photos: the front of your ID, the back, and you holding it.\n\nEach level is reviewed after you submit it and shows under review until then. If it is rejected, the reason is shown and you can correct and submit again.\n\nWithdrawals and timed options need completed verification.\n\nYour documents are private: only you and our review staff can open them, and every review is recorded.',
      },
      zh: {
        title: '身份认证（KYC）',
        summary: '先初级后高级认证：需要提交什么、需要多久、谁能看到。',
        body: '认证分为两级，需按顺序完成：\n1. 初级：国家/地区、姓名和证件号码。\n2. 高级：联系地址和三张照片：证件正面、证件背面和手持证件照。\n\n每一级提交后都会进行审核，审核期间显示“审核中”。如被驳回，会显示原因，您可以修改后重新提交。\n\n提币和秒合约期权需要完成认证。\n\n您的证件资料是私密的：只有您本人和我们的审核人员可以查看，每次审核都会被记录。',
      },
      hk: {
        title: '身份認證（KYC）',
        summary: '先初級後高級認證：需要提交甚麼、需要多久、誰能看到。',
        body: '認證分為兩級，需按順序完成：\n1. 初級：國家/地區、姓名和證件號碼。\n2. 高級：聯絡地址和三張相片：證件正面、證件背面和手持證件照。\n\n每一級提交後都會進行審核，審核期間顯示「審核中」。如被駁回，會顯示原因，您可以修改後重新提交。\n\n提幣和秒合約期權需要完成認證。\n\n您的證件資料是私密的：只有您本人和我們的審核人員可以查看，每次審核都會被記錄。',
      },
      jp: {
        title: '本人確認（KYC）',
        summary: '基本確認のあとに詳細確認：提出するもの、かかる時間、閲覧できる人。',
        body: '本人確認は2段階で、順番に行います：\n1. 基本：国、氏名、身分証番号。\n2. 詳細：連絡先住所と3枚の写真（身分証の表面、裏面、身分証を持った本人）。\n\n各段階は提出後に審査され、それまでは「審査中」と表示されます。却下された場合は理由が表示され、修正して再提出できます。\n\n出金と時間オプションには本人確認の完了が必要です。\n\n書類は非公開です。閲覧できるのはご本人と審査担当者だけで、すべての審査は記録されます。',
      },
      kr: {
        title: '신원 인증(KYC)',
        summary: '기본 인증 후 고급 인증: 제출할 내용, 소요 시간, 열람 권한.',
        body: '인증은 두 단계이며 순서대로 진행합니다:\n1. 기본: 국가, 실명, 신분증 번호.\n2. 고급: 연락 주소와 사진 세 장(신분증 앞면, 뒷면, 신분증을 든 본인 사진).\n\n각 단계는 제출 후 심사되며 그동안 심사 중으로 표시됩니다. 거절되면 사유가 표시되고 수정해서 다시 제출할 수 있습니다.\n\n출금과 시간 옵션은 인증을 완료해야 이용할 수 있습니다.\n\n제출한 서류는 비공개입니다. 본인과 심사 담당자만 열람할 수 있으며 모든 심사는 기록됩니다.',
      },
      esp: {
        title: 'Verificación de identidad (KYC)',
        summary: 'Verificación básica y luego avanzada: qué enviar, cuánto tarda y quién lo ve.',
        body: 'La verificación tiene dos niveles, en orden:\n1. Básica: tu país, nombre completo y número de documento.\n2. Avanzada: tu dirección de contacto y tres fotos: el anverso del documento, el reverso y tú sosteniéndolo.\n\nCada nivel se revisa después de enviarlo y aparece como en revisión hasta entonces. Si se rechaza, se muestra el motivo y puedes corregirlo y enviarlo de nuevo.\n\nLos retiros y las opciones por tiempo requieren la verificación completa.\n\nTus documentos son privados: solo tú y nuestro equipo de revisión podéis abrirlos, y cada revisión queda registrada.',
      },
      th: {
        title: 'การยืนยันตัวตน (KYC)',
        summary: 'ยืนยันขั้นพื้นฐานก่อนแล้วจึงขั้นสูง: ต้องส่งอะไร ใช้เวลานานแค่ไหน และใครเห็นได้',
        body: 'การยืนยันมีสองระดับ ต้องทำตามลำดับ:\n1. พื้นฐาน: ประเทศ ชื่อ-นามสกุล และเลขบัตรประจำตัว\n2. ขั้นสูง: ที่อยู่ติดต่อ และรูปถ่ายสามรูป ได้แก่ ด้านหน้าบัตร ด้านหลังบัตร และรูปคุณถือบัตร\n\nแต่ละระดับจะได้รับการตรวจสอบหลังส่ง และแสดงสถานะกำลังตรวจสอบจนกว่าจะเสร็จ หากถูกปฏิเสธ จะแสดงเหตุผลและคุณสามารถแก้ไขแล้วส่งใหม่ได้\n\nการถอนและออปชันแบบกำหนดเวลาต้องยืนยันตัวตนให้เสร็จก่อน\n\nเอกสารของคุณเป็นความลับ มีเพียงคุณและเจ้าหน้าที่ตรวจสอบเท่านั้นที่เปิดดูได้ และทุกการตรวจสอบจะถูกบันทึก',
      },
    },
  },
];
