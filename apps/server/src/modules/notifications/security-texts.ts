import type { Locale, NotificationKind } from '@hx/protocol';

// texts.ts's NotificationText, written out: texts.ts imports this file.
type NotificationText = { title: string; body: string };

type SecurityChange =
  | 'security_two_factor_on'
  | 'security_two_factor_off'
  | 'security_anti_phishing_set'
  | 'security_whitelist_off_requested'
  | 'security_api_key_created'
  | 'security_api_key_deleted'
  | 'security_device_logged_out'
  | 'security_other_devices_logged_out';

/**
 * The words of the changes to what protects an account (security-notice.ts tells them in the
 * bell and by mail). Each ends with what to do if it was not the owner.
 */
export const SECURITY_CHANGE_TEXTS: Record<
  SecurityChange & NotificationKind,
  Record<Locale, NotificationText>
> = {
  security_two_factor_on: {
    en: {
      title: 'Authenticator turned on',
      body: "Logins and protected actions on your account now need a code from your authenticator app. If this wasn't you, contact support right away.",
    },
    zh: {
      title: '身份验证器已开启',
      body: '您的账户登录和受保护的操作现在需要身份验证器应用中的验证码。如非本人操作，请立即联系客服。',
    },
    hk: {
      title: '身份驗證器已開啟',
      body: '您的賬戶登入和受保護的操作現在需要身份驗證器應用程式中的驗證碼。如非本人操作，請立即聯絡客服。',
    },
    jp: {
      title: '認証アプリを有効にしました',
      body: 'アカウントへのログインと保護された操作に、認証アプリのコードが必要になりました。お心当たりがない場合は、すぐにサポートへご連絡ください。',
    },
    kr: {
      title: '인증 앱 사용 설정됨',
      body: '이제 계정 로그인과 보호된 작업에 인증 앱의 코드가 필요합니다. 본인이 아니라면 즉시 고객센터에 문의하세요.',
    },
    esp: {
      title: 'Autenticador activado',
      body: 'Los inicios de sesión y las acciones protegidas de tu cuenta ahora piden un código de tu app de autenticación. Si no has sido tú, contacta con soporte de inmediato.',
    },
    th: {
      title: 'เปิดใช้แอปยืนยันตัวตนแล้ว',
      body: 'การเข้าสู่ระบบและการดำเนินการที่มีการป้องกันในบัญชีของคุณต้องใช้รหัสจากแอปยืนยันตัวตนแล้ว หากไม่ใช่คุณ โปรดติดต่อฝ่ายบริการลูกค้าทันที',
    },
  },
  security_two_factor_off: {
    en: {
      title: 'Authenticator turned off',
      body: "Your account no longer asks for an authenticator code. For your safety, withdrawals are paused for 24 hours. If this wasn't you, change your password and contact support right away.",
    },
    zh: {
      title: '身份验证器已关闭',
      body: '您的账户不再要求身份验证器验证码。为保障安全，提币将暂停 24 小时。如非本人操作，请立即修改密码并联系客服。',
    },
    hk: {
      title: '身份驗證器已關閉',
      body: '您的賬戶不再要求身份驗證器驗證碼。為保障安全，提幣將暫停 24 小時。如非本人操作，請立即修改密碼並聯絡客服。',
    },
    jp: {
      title: '認証アプリを無効にしました',
      body: 'アカウントで認証アプリのコードが求められなくなりました。安全のため、出金は 24 時間停止されます。お心当たりがない場合は、すぐにパスワードを変更し、サポートへご連絡ください。',
    },
    kr: {
      title: '인증 앱 사용 해제됨',
      body: '이제 계정에서 인증 앱 코드를 요구하지 않습니다. 안전을 위해 출금이 24시간 동안 중지됩니다. 본인이 아니라면 즉시 비밀번호를 변경하고 고객센터에 문의하세요.',
    },
    esp: {
      title: 'Autenticador desactivado',
      body: 'Tu cuenta ya no pide un código del autenticador. Por tu seguridad, los retiros quedan en pausa durante 24 horas. Si no has sido tú, cambia tu contraseña y contacta con soporte de inmediato.',
    },
    th: {
      title: 'ปิดใช้แอปยืนยันตัวตนแล้ว',
      body: 'บัญชีของคุณจะไม่ขอรหัสจากแอปยืนยันตัวตนอีกต่อไป เพื่อความปลอดภัย การถอนจะถูกระงับ 24 ชั่วโมง หากไม่ใช่คุณ โปรดเปลี่ยนรหัสผ่านและติดต่อฝ่ายบริการลูกค้าทันที',
    },
  },
  security_anti_phishing_set: {
    en: {
      title: 'Anti-phishing code set',
      body: "Your anti-phishing code was set. Every mail from us now begins with it: a mail without it is not from us. If this wasn't you, change your password and contact support right away.",
    },
    zh: {
      title: '防钓鱼码已设置',
      body: '您的防钓鱼码已设置。我们发出的每封邮件都会以它开头：没有防钓鱼码的邮件不是我们发送的。如非本人操作，请立即修改密码并联系客服。',
    },
    hk: {
      title: '防釣魚碼已設定',
      body: '您的防釣魚碼已設定。我們發出的每封郵件都會以它開頭：沒有防釣魚碼的郵件不是我們發送的。如非本人操作，請立即修改密碼並聯絡客服。',
    },
    jp: {
      title: 'フィッシング対策コードを設定しました',
      body: 'フィッシング対策コードを設定しました。当社からのメールはすべてこのコードで始まります。コードのないメールは当社からのものではありません。お心当たりがない場合は、すぐにパスワードを変更し、サポートへご連絡ください。',
    },
    kr: {
      title: '피싱 방지 코드 설정됨',
      body: '피싱 방지 코드가 설정되었습니다. 저희가 보내는 모든 메일은 이 코드로 시작하며, 코드가 없는 메일은 저희가 보낸 것이 아닙니다. 본인이 아니라면 즉시 비밀번호를 변경하고 고객센터에 문의하세요.',
    },
    esp: {
      title: 'Código antiphishing establecido',
      body: 'Se ha establecido tu código antiphishing. Todos nuestros correos empiezan ahora con él: un correo sin él no es nuestro. Si no has sido tú, cambia tu contraseña y contacta con soporte de inmediato.',
    },
    th: {
      title: 'ตั้งรหัสป้องกันฟิชชิงแล้ว',
      body: 'ตั้งรหัสป้องกันฟิชชิงของคุณแล้ว อีเมลทุกฉบับจากเราจะขึ้นต้นด้วยรหัสนี้ อีเมลที่ไม่มีรหัสนี้ไม่ได้มาจากเรา หากไม่ใช่คุณ โปรดเปลี่ยนรหัสผ่านและติดต่อฝ่ายบริการลูกค้าทันที',
    },
  },
  security_whitelist_off_requested: {
    en: {
      title: 'Whitelist turning off',
      body: "You asked to turn off the withdrawal whitelist. It turns off at {off_at}; until then withdrawals still go only to saved addresses. If this wasn't you, turn the whitelist back on and change your password right away.",
    },
    zh: {
      title: '白名单即将关闭',
      body: '您已申请关闭提币白名单，将于 {off_at} 关闭；在此之前，提币仍只能发往已保存的地址。如非本人操作，请立即重新开启白名单并修改密码。',
    },
    hk: {
      title: '白名單即將關閉',
      body: '您已申請關閉提幣白名單，將於 {off_at} 關閉；在此之前，提幣仍只能發往已儲存的地址。如非本人操作，請立即重新開啟白名單並修改密碼。',
    },
    jp: {
      title: 'ホワイトリストを無効にします',
      body: '出金ホワイトリストの無効化が申請されました。{off_at} に無効になります。それまでは、保存済みのアドレスにのみ出金できます。お心当たりがない場合は、すぐにホワイトリストを有効に戻し、パスワードを変更してください。',
    },
    kr: {
      title: '화이트리스트 해제 예정',
      body: '출금 화이트리스트 해제를 요청하셨습니다. {off_at}에 해제되며, 그때까지는 저장된 주소로만 출금할 수 있습니다. 본인이 아니라면 즉시 화이트리스트를 다시 켜고 비밀번호를 변경하세요.',
    },
    esp: {
      title: 'La lista blanca se desactivará',
      body: 'Has pedido desactivar la lista blanca de retiros. Se desactiva el {off_at}; hasta entonces, los retiros solo van a direcciones guardadas. Si no has sido tú, vuelve a activar la lista blanca y cambia tu contraseña de inmediato.',
    },
    th: {
      title: 'ไวท์ลิสต์กำลังจะปิด',
      body: 'คุณได้ขอปิดไวท์ลิสต์การถอน ซึ่งจะปิดในวันที่ {off_at} ระหว่างนี้การถอนยังคงส่งได้เฉพาะไปยังที่อยู่ที่บันทึกไว้ หากไม่ใช่คุณ โปรดเปิดไวท์ลิสต์อีกครั้งและเปลี่ยนรหัสผ่านทันที',
    },
  },
  security_api_key_created: {
    en: {
      title: 'API key created',
      body: "The API key \u201c{label}\u201d was created: programs holding its secret can act for your account within its permissions. If this wasn't you, delete it in Security centre → API keys and change your password right away.",
    },
    zh: {
      title: 'API 密钥已创建',
      body: '已创建 API 密钥“{label}”：持有其密钥的程序可在其权限范围内代表您的账户操作。如非本人操作，请立即在“安全中心 → API 密钥”中删除它并修改密码。',
    },
    hk: {
      title: 'API 金鑰已建立',
      body: '已建立 API 金鑰「{label}」：持有其密鑰的程式可在其權限範圍內代表您的賬戶操作。如非本人操作，請立即在「安全中心 → API 金鑰」中刪除它並修改密碼。',
    },
    jp: {
      title: 'API キーを作成しました',
      body: 'API キー「{label}」が作成されました。そのシークレットを持つプログラムは、権限の範囲内でアカウントを操作できます。お心当たりがない場合は、すぐに「セキュリティセンター → API キー」で削除し、パスワードを変更してください。',
    },
    kr: {
      title: 'API 키 생성됨',
      body: 'API 키 "{label}"이(가) 생성되었습니다. 이 키의 시크릿을 가진 프로그램은 권한 범위 안에서 계정을 대신해 작업할 수 있습니다. 본인이 아니라면 즉시 "보안 센터 → API 키"에서 삭제하고 비밀번호를 변경하세요.',
    },
    esp: {
      title: 'Clave de API creada',
      body: 'Se ha creado la clave de API «{label}»: los programas que tengan su secreto pueden actuar por tu cuenta dentro de sus permisos. Si no has sido tú, elimínala en Centro de seguridad → Claves de API y cambia tu contraseña de inmediato.',
    },
    th: {
      title: 'สร้างคีย์ API แล้ว',
      body: 'สร้างคีย์ API "{label}" แล้ว โปรแกรมที่มีซีเคร็ตของคีย์นี้สามารถดำเนินการแทนบัญชีของคุณได้ภายในสิทธิ์ที่กำหนด หากไม่ใช่คุณ โปรดลบคีย์ที่ ศูนย์ความปลอดภัย → คีย์ API และเปลี่ยนรหัสผ่านทันที',
    },
  },
  security_api_key_deleted: {
    en: {
      title: 'API key deleted',
      body: "The API key \u201c{label}\u201d was deleted: requests signed with it are refused from now on. If this wasn't you, change your password right away.",
    },
    zh: {
      title: 'API 密钥已删除',
      body: 'API 密钥“{label}”已删除：用它签名的请求从现在起将被拒绝。如非本人操作，请立即修改密码。',
    },
    hk: {
      title: 'API 金鑰已刪除',
      body: 'API 金鑰「{label}」已刪除：用它簽名的請求從現在起將被拒絕。如非本人操作，請立即修改密碼。',
    },
    jp: {
      title: 'API キーを削除しました',
      body: 'API キー「{label}」が削除されました。このキーで署名したリクエストは今後拒否されます。お心当たりがない場合は、すぐにパスワードを変更してください。',
    },
    kr: {
      title: 'API 키 삭제됨',
      body: 'API 키 "{label}"이(가) 삭제되었습니다. 이 키로 서명한 요청은 이제부터 거부됩니다. 본인이 아니라면 즉시 비밀번호를 변경하세요.',
    },
    esp: {
      title: 'Clave de API eliminada',
      body: 'Se ha eliminado la clave de API «{label}»: las solicitudes firmadas con ella se rechazan a partir de ahora. Si no has sido tú, cambia tu contraseña de inmediato.',
    },
    th: {
      title: 'ลบคีย์ API แล้ว',
      body: 'ลบคีย์ API "{label}" แล้ว คำขอที่ลงนามด้วยคีย์นี้จะถูกปฏิเสธนับจากนี้ หากไม่ใช่คุณ โปรดเปลี่ยนรหัสผ่านทันที',
    },
  },
  security_device_logged_out: {
    en: {
      title: 'Device logged out',
      body: "{device} (IP {ip}) was logged out of your account from another device. If this wasn't you, change your password right away.",
    },
    zh: {
      title: '设备已退出登录',
      body: '{device}（IP {ip}）已被另一台设备退出您的账户。如非本人操作，请立即修改密码。',
    },
    hk: {
      title: '裝置已登出',
      body: '{device}（IP {ip}）已被另一部裝置登出您的賬戶。如非本人操作，請立即修改密碼。',
    },
    jp: {
      title: 'デバイスをログアウトしました',
      body: '{device}（IP {ip}）が別のデバイスからアカウントをログアウトされました。お心当たりがない場合は、すぐにパスワードを変更してください。',
    },
    kr: {
      title: '기기 로그아웃됨',
      body: '{device}(IP {ip})이(가) 다른 기기에서 계정 로그아웃되었습니다. 본인이 아니라면 즉시 비밀번호를 변경하세요.',
    },
    esp: {
      title: 'Dispositivo desconectado',
      body: 'Se ha cerrado la sesión de {device} (IP {ip}) en tu cuenta desde otro dispositivo. Si no has sido tú, cambia tu contraseña de inmediato.',
    },
    th: {
      title: 'ออกจากระบบอุปกรณ์แล้ว',
      body: '{device} (IP {ip}) ถูกออกจากระบบบัญชีของคุณจากอุปกรณ์อื่น หากไม่ใช่คุณ โปรดเปลี่ยนรหัสผ่านทันที',
    },
  },
  security_other_devices_logged_out: {
    en: {
      title: 'Other devices logged out',
      body: "Every other device was logged out of your account ({count}); only the device that did it stays logged in. If this wasn't you, change your password right away.",
    },
    zh: {
      title: '其他设备已退出登录',
      body: '您账户在其他所有设备上的登录均已退出（{count} 台），只有执行此操作的设备仍保持登录。如非本人操作，请立即修改密码。',
    },
    hk: {
      title: '其他裝置已登出',
      body: '您賬戶在其他所有裝置上的登入均已登出（{count} 部），只有執行此操作的裝置仍保持登入。如非本人操作，請立即修改密碼。',
    },
    jp: {
      title: '他のデバイスをログアウトしました',
      body: '他のすべてのデバイスがアカウントからログアウトされました（{count} 台）。この操作をしたデバイスだけがログインしたままです。お心当たりがない場合は、すぐにパスワードを変更してください。',
    },
    kr: {
      title: '다른 기기 로그아웃됨',
      body: '다른 모든 기기가 계정에서 로그아웃되었습니다({count}대). 이 작업을 한 기기만 로그인 상태로 남습니다. 본인이 아니라면 즉시 비밀번호를 변경하세요.',
    },
    esp: {
      title: 'Otros dispositivos desconectados',
      body: 'Se ha cerrado la sesión de tu cuenta en todos los demás dispositivos ({count}); solo sigue conectado el que lo hizo. Si no has sido tú, cambia tu contraseña de inmediato.',
    },
    th: {
      title: 'ออกจากระบบอุปกรณ์อื่นแล้ว',
      body: 'อุปกรณ์อื่นทั้งหมดถูกออกจากระบบบัญชีของคุณแล้ว ({count} เครื่อง) เหลือเพียงอุปกรณ์ที่ทำรายการนี้ที่ยังเข้าสู่ระบบอยู่ หากไม่ใช่คุณ โปรดเปลี่ยนรหัสผ่านทันที',
    },
  },
};
