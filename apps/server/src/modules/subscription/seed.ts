import { count } from 'drizzle-orm';
import { coins, subscriptionProjects, type Db } from '@hx/db';
import { DAY_MS } from './service.ts';

/**
 * Demo projects, one in each state relative to `now`: Lumen Layer subscribing (so a visitor can
 * subscribe), Orbex closed and waiting to launch (sold out), Nova Network launched. Their tokens
 * are coins from id 100 without networks (no deposits or withdrawals). Only when none exist.
 */
export async function seedDemoProjects(db: Db, now: Date): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(subscriptionProjects);
  if ((existing?.n ?? 0) > 0) return 0;
  const day = (n: number) => new Date(now.getTime() + n * DAY_MS);
  await db
    .insert(coins)
    .values([
      { id: 100, name: 'LUMA', fullName: 'Lumen Layer', decimals: 4, sort: 100 },
      { id: 101, name: 'ORBX', fullName: 'Orbex', decimals: 4, sort: 101 },
      { id: 102, name: 'NOVA', fullName: 'Nova Network', decimals: 4, sort: 102 },
    ])
    .onConflictDoNothing();
  await db.insert(subscriptionProjects).values([
    {
      coinId: 102,
      issuePrice: '0.05',
      payCoins: [3, 1, 2],
      supply: '10000000',
      minTokens: '100',
      lockDays: 30,
      startAt: day(-24),
      closeAt: day(-17),
      launchAt: day(-14),
      introduction: INTROS.NOVA,
      website: 'https://example.com/nova',
      recommended: true,
    },
    {
      coinId: 101,
      issuePrice: '0.12',
      payCoins: [3, 1],
      supply: '5000000',
      minTokens: '50',
      lockDays: 15,
      startAt: day(-7),
      closeAt: day(-1),
      launchAt: day(3),
      introduction: INTROS.ORBX,
      website: 'https://example.com/orbex',
    },
    {
      coinId: 100,
      issuePrice: '0.02',
      payCoins: [3, 1, 2],
      supply: '20000000',
      minTokens: '500',
      lockDays: 7,
      startAt: day(-2),
      closeAt: day(5),
      launchAt: day(8),
      introduction: INTROS.LUMA,
      website: 'https://example.com/lumen',
      recommended: true,
    },
  ]);
  return 3;
}

const INTROS: Record<'LUMA' | 'ORBX' | 'NOVA', Record<string, string>> = {
  LUMA: {
    en: 'Lumen Layer is a settlement layer for micro-payments: transfers confirm in about a second and cost a fraction of a cent. LUMA pays network fees and secures the validators.',
    zh: 'Lumen Layer 是面向小额支付的结算层：转账约一秒确认，手续费不到一美分。LUMA 用于支付网络手续费并为验证节点提供安全保障。',
    hk: 'Lumen Layer 是面向小額支付的結算層：轉帳約一秒確認，手續費不到一美分。LUMA 用於支付網絡手續費並為驗證節點提供安全保障。',
    jp: 'Lumen Layer は少額決済のための決済レイヤーです。送金は約1秒で確定し、手数料は1セント未満です。LUMA はネットワーク手数料の支払いとバリデーターの保護に使われます。',
    kr: 'Lumen Layer는 소액 결제를 위한 정산 레이어입니다. 송금은 약 1초 만에 확정되고 수수료는 1센트도 되지 않습니다. LUMA는 네트워크 수수료 지불과 검증자 보안에 쓰입니다.',
    esp: 'Lumen Layer es una capa de liquidación para micropagos: las transferencias se confirman en un segundo y cuestan una fracción de céntimo. LUMA paga las comisiones de la red y asegura a los validadores.',
    th: 'Lumen Layer คือเลเยอร์ชำระเงินสำหรับการชำระเงินจำนวนเล็ก การโอนยืนยันในราวหนึ่งวินาทีและมีค่าธรรมเนียมไม่ถึงหนึ่งเซนต์ LUMA ใช้จ่ายค่าธรรมเนียมเครือข่ายและรักษาความปลอดภัยของผู้ตรวจสอบ',
  },
  ORBX: {
    en: 'Orbex connects satellite ground stations into one open marketplace for data downlink time. ORBX is used to book passes and to reward station operators.',
    zh: 'Orbex 将卫星地面站连接成一个开放的数据下行时段交易市场。ORBX 用于预订过境时段并奖励地面站运营者。',
    hk: 'Orbex 將衛星地面站連接成一個開放的數據下行時段交易市場。ORBX 用於預訂過境時段並獎勵地面站營運者。',
    jp: 'Orbex は衛星地上局をつなぎ、データ受信時間のオープンな市場をつくります。ORBX はパスの予約と地上局運営者への報酬に使われます。',
    kr: 'Orbex는 위성 지상국을 연결해 데이터 다운링크 시간을 거래하는 개방형 시장을 만듭니다. ORBX는 통과 시간 예약과 지상국 운영자 보상에 쓰입니다.',
    esp: 'Orbex conecta estaciones terrestres de satélites en un mercado abierto de tiempo de descarga de datos. ORBX sirve para reservar pasos y recompensar a los operadores.',
    th: 'Orbex เชื่อมสถานีภาคพื้นดินของดาวเทียมเข้าเป็นตลาดเปิดสำหรับเวลาดาวน์ลิงก์ข้อมูล ORBX ใช้จองรอบการโคจรและให้รางวัลแก่ผู้ดำเนินการสถานี',
  },
  NOVA: {
    en: 'Nova Network is a data-availability chain for rollups. NOVA is staked by storage nodes and pays for blob space.',
    zh: 'Nova Network 是为 Rollup 提供数据可用性的公链。存储节点质押 NOVA，并用 NOVA 支付数据块空间。',
    hk: 'Nova Network 是為 Rollup 提供數據可用性的公鏈。儲存節點質押 NOVA，並用 NOVA 支付數據塊空間。',
    jp: 'Nova Network はロールアップ向けのデータ可用性チェーンです。ストレージノードが NOVA をステークし、ブロブ領域の支払いにも NOVA を使います。',
    kr: 'Nova Network는 롤업을 위한 데이터 가용성 체인입니다. 스토리지 노드가 NOVA를 스테이킹하고 블롭 공간 비용을 NOVA로 지불합니다.',
    esp: 'Nova Network es una cadena de disponibilidad de datos para rollups. Los nodos de almacenamiento hacen staking de NOVA y con él se paga el espacio de blobs.',
    th: 'Nova Network คือเชนด้านความพร้อมใช้งานของข้อมูลสำหรับโรลอัป โหนดจัดเก็บข้อมูลจะสเตก NOVA และใช้ NOVA จ่ายค่าพื้นที่บล็อบ',
  },
};
