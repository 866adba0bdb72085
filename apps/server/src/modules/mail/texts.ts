import type { Locale } from '@hx/protocol';

/** The subject of a mailed code. */
export const CODE_SUBJECT: Record<Locale, string> = {
  en: 'Your verification code',
  zh: '您的验证码',
  hk: '您的驗證碼',
  jp: '認証コード',
  kr: '인증 코드',
  esp: 'Tu código de verificación',
  th: 'รหัสยืนยันของคุณ',
};
/** A code's words, mailed or texted. */
export const CODE_TEXT: Record<Locale, string> = {
  en: 'Your code is {code}. It expires in 10 minutes. Never share it with anyone.',
  zh: '您的验证码是 {code}，10分钟内有效。请勿告诉任何人。',
  hk: '您的驗證碼是 {code}，10分鐘內有效。請勿告訴任何人。',
  jp: '認証コードは {code} です。有効期限は10分です。誰にも教えないでください。',
  kr: '인증 코드는 {code}입니다. 10분 후 만료됩니다. 누구에게도 알려주지 마세요.',
  esp: 'Tu código es {code}. Caduca en 10 minutos. No lo compartas con nadie.',
  th: 'รหัสของคุณคือ {code} หมดอายุใน 10 นาที ห้ามบอกผู้อื่น',
};
