import type { ErrorMessages } from '../codes.ts';

/** The error messages in Spanish. */
const esp: ErrorMessages = {
  VALIDATION: 'Valor no válido: {field}',
  UNAUTHENTICATED: 'Inicia sesión primero',
  FORBIDDEN: 'No tienes permiso para hacer esto',
  NOT_FOUND: 'No encontrado',
  RATE_LIMITED: 'Demasiadas solicitudes, inténtalo más tarde',
  INTERNAL: 'Algo salió mal, inténtalo de nuevo',
  LANG_INVALID: 'Idioma no admitido',
  ACCOUNT_REQUIRED: 'Introduce tu teléfono o correo electrónico',
  ACCOUNT_INVALID: 'Introduce un teléfono o correo electrónico válido',
  EMAIL_INVALID: 'Introduce un correo electrónico válido',
  PHONE_INVALID: 'Introduce un número de teléfono válido',
  AREA_CODE_INVALID: 'Elige el prefijo del país o región',
  SCENE_INVALID: 'Finalidad de verificación desconocida',
  CODE_REQUIRED: 'Introduce el código de verificación',
  CODE_INVALID: 'El código de verificación es incorrecto o ha caducado',
  CODE_TOO_SOON: 'Acabamos de enviar un código, espera un minuto',
  CODE_LIMIT: 'Has pedido demasiados códigos, inténtalo más tarde',
  SEND_FAILED: 'No se pudo enviar el código, inténtalo más tarde',
  PASSWORD_REQUIRED: 'Introduce la contraseña',
  PASSWORD_TOO_SHORT: 'La contraseña debe tener al menos 6 caracteres',
  PASSWORD_MISMATCH: 'Las dos contraseñas no coinciden',
  AGREEMENT_REQUIRED: 'Lee y acepta el acuerdo de usuario',
  INVITE_INVALID: 'El código de invitación no existe',
  ACCOUNT_EXISTS: 'Esta cuenta ya está registrada',
  ACCOUNT_NOT_FOUND: 'Esta cuenta no está registrada',
  LOGIN_FAILED: 'Cuenta o contraseña incorrecta',
  LOGIN_LOCKED: 'Demasiados intentos fallidos, inténtalo de nuevo en {minutes} minutos',
  LOGIN_CODE_REQUIRED:
    'Esta cuenta ha tenido demasiadas contraseñas incorrectas. Pide un código y escríbelo junto con tu contraseña',
  OLD_PASSWORD_WRONG: 'La contraseña original es incorrecta',
  ACCOUNT_FROZEN: 'Esta cuenta está congelada, contacta con soporte',
  INSUFFICIENT_BALANCE: 'Saldo insuficiente',
  CONVERSION_SAME_COIN: 'Elige dos monedas distintas para convertir',
  PRICE_UNAVAILABLE: 'Aún no hay precio registrado para esta moneda, inténtalo en breve',
  INDEX_STALE:
    'Ahora mismo no llegan precios de los mercados; operar con este precio espera hasta que vuelvan',
  PRICE_MOVED: 'El precio ha cambiado, revisa la nueva cotización',
  CONVERSION_TOO_SMALL: 'La cantidad es demasiado pequeña para convertir',
  PRICE_REQUIRED: 'Introduce el precio',
  PRICE_PRECISION: 'El precio no coincide con el paso de precio de este par',
  AMOUNT_TOO_SMALL: 'La cantidad es inferior al mínimo de este par',
  SPEND_TOO_SMALL:
    'Con el precio actual, el importe no alcanza para comprar la cantidad mínima de este par',
  NO_LIQUIDITY: 'No hay órdenes en el otro lado con las que operar',
  POST_ONLY_WOULD_TAKE:
    'Una orden solo maker no puede ejecutarse al instante y a este precio lo haría: elige un precio más alejado del mercado',
  STOP_PRICE_REQUIRED: 'Introduce el precio de activación',
  STOP_WOULD_TRIGGER:
    'El último precio ya alcanzó este precio de activación: un stop de compra debe estar por encima y uno de venta por debajo',
  OCO_PRICES:
    'En una venta OCO el precio límite debe estar por encima del de activación; en una compra OCO, por debajo',
  OCO_PRICE_RELATION:
    'En una OCO el último precio debe quedar entre sus dos precios: en una venta, el límite por encima del último precio y la activación por debajo; en una compra, el límite por debajo y la activación por encima',
  ORDER_NOT_FOUND: 'Orden no encontrada',
  CLIENT_ORDER_ID_TAKEN:
    'Una de tus órdenes abiertas en este par ya tiene este ID de orden de cliente',
  ORDER_CLOSED: 'Esta orden ya está ejecutada o cancelada',
  TRADING_BUSY: 'El mercado está ocupado, inténtalo de nuevo',
  // Timed options.
  OPTION_TYPE_INVALID: 'Elige alza, baja o igual',
  OPTION_PERIOD_REQUIRED: 'Elige primero la duración de la opción',
  OPTION_PERIOD_INVALID: 'Esta duración de opción no está disponible',
  OPTION_SYMBOL_INVALID: 'Este par no admite opciones',
  OPTION_CURRENCY_INVALID: 'Las opciones no se pueden pagar con esta moneda',
  OPTION_BELOW_MIN: 'La cantidad es inferior al mínimo de {min}',
  OPTION_NOT_FOUND: 'Orden de opción no encontrada',
  // Wealth (trust / custody)
  FINANCE_PRODUCT_INVALID: 'Este producto no está disponible',
  FINANCE_BELOW_MIN: 'La cantidad mínima es {min} {coin}',
  FINANCE_ABOVE_MAX: 'La cantidad máxima es {max} {coin}',
  FINANCE_AGREEMENT_REQUIRED: 'Lee y acepta el acuerdo del servicio financiero',
  FINANCE_ORDER_CLOSED: 'Esta orden ya no está en custodia',
  // New-coin subscription (publication)
  PROJECT_INVALID: 'Este proyecto de suscripción no existe',
  PROJECT_NOT_STARTED: 'La suscripción aún no ha comenzado',
  PROJECT_CLOSED: 'La suscripción de este proyecto ha terminado',
  PROJECT_CURRENCY_INVALID: 'Este proyecto no acepta esa moneda de pago',
  PROJECT_BELOW_MIN: 'La suscripción mínima es {min} {coin}',
  LEVER_PAIR_UNAVAILABLE: 'Los contratos no están disponibles para este par',
  LEVER_SIDE_INVALID: 'Elige largo o corto',
  LEVER_TYPE_INVALID: 'Elige una orden de mercado o limitada',
  LEVER_LOTS_INVALID: 'Los lotes deben ser un número entero, al menos 1',
  LEVER_MULTIPLE_INVALID: 'Elige uno de los multiplicadores permitidos',
  LEVER_LIMIT_SIDE:
    'Un largo limitado debe estar por debajo del precio actual y un corto por encima; si no, usa una orden de mercado',
  LEVER_STOP_PROFIT_SIDE:
    'El precio de toma de ganancias debe estar por encima del precio en largo y por debajo en corto',
  LEVER_STOP_LOSS_SIDE:
    'El stop de pérdidas debe estar por debajo del precio en largo y por encima en corto',
  LEVER_NOT_HOLDING: 'Esta posición ya no está abierta',
  LEVER_NOT_WAITING: 'Esta orden limitada ya no está en espera',
  LEVER_POSITION_NOT_FOUND: 'Posición no encontrada',
  LEVER_TRAILING_INVALID: 'Introduce una distancia de seguimiento mayor que 0',
  LEVER_TRAILING_UNIT_INVALID: 'Elige la distancia de seguimiento en precio o en porcentaje',
  LEVER_TRAILING_PERCENT:
    'El porcentaje de seguimiento debe ser mayor que 0 y menor que 100, con 2 decimales como máximo',
  LEVER_TRAILING_DISTANCE:
    'En largo, la distancia de seguimiento debe ser menor que el precio actual',
  CHAT_MESSAGE_REQUIRED: 'Escribe un mensaje o elige una imagen',
  // Content and support: feedback, the operator's content editor.
  FEEDBACK_REQUIRED: 'Describe tu problema o sugerencia',
  FEEDBACK_TOO_SHORT: 'Escribe al menos 5 caracteres',
  FEEDBACK_TOO_MANY_IMAGES: 'Puedes adjuntar como máximo 4 imágenes',
  CONTENT_TITLE_REQUIRED: 'Cada idioma necesita un título',
  CONTENT_ENGLISH_REQUIRED:
    'El texto en inglés es obligatorio: se muestra cuando falta otro idioma',
  REPLY_REQUIRED: 'Escribe una respuesta',
  HELP_CATEGORY_INVALID: 'Elige una categoría de ayuda existente',
  HELP_CATEGORY_NOT_EMPTY: 'Primero mueve o elimina los artículos de esta categoría',
  PAIR_HAS_ORDERS:
    'El paso de precio y de cantidad solo pueden cambiar cuando el par no tiene órdenes abiertas',
  OPERATOR_EXISTS: 'Ya existe un operador con este correo electrónico',
  OPERATOR_SELF: 'No puedes desactivar tu propia cuenta ni cambiar tu propio rol',
  CONFIG_INVALID: 'Esta configuración no se puede guardar: {field}',
  CONFIG_PAYOUT_RANGE:
    'La tasa de pago debe ser mayor que 0 y como máximo 1 (una operación ganada paga como máximo un 100 % de beneficio)',
  CONFIG_MAINTENANCE_RANGE:
    'El ratio de mantenimiento debe ser mayor que 0 y menor que 1 (una parte del margen)',
  CONFIG_MULTIPLES_RANGE:
    'Multiplicadores de apalancamiento: de 1 a 20 números enteros, cada uno de 1 a 125',
  CONFIG_FEE_RANGE: 'La tasa de comisión debe estar entre 0 y 0,01 (1 %)',
  CONFIG_SPREAD_RANGE: 'El diferencial debe estar entre 0 y 0,01 (1 % del precio)',
  CONFIG_SPREAD_LIQUIDATES:
    'Con este diferencial, una posición con el multiplicador más alto se abriría en su precio de liquidación: baja el diferencial, los multiplicadores o el ratio de mantenimiento',
  CONFIG_DAILY_RATE_RANGE: 'La tasa diaria debe ser mayor que 0 y como máximo 0,01 (1 % al día)',
  CONFIG_ANNUAL_RATE_RANGE: 'La tasa anual debe estar entre 0 y 1 (100 % al año)',
  CONFIG_SAVINGS_TIERS:
    'Los tramos deben tener límites crecientes y solo el último puede no tener límite',
  SAVINGS_PRODUCT_INVALID: 'No hay ahorro flexible para esta moneda',
  SAVINGS_BELOW_MIN: 'La suscripción mínima es {min} {coin}',
  BOT_NOT_FOUND: 'No se encontró el bot',
  BOT_PAIR_HALTED: 'El par no cotizaba en ese momento',
  BOT_ABOVE_MAX_PRICE: 'El precio superaba tu máximo',
  BOT_MISSED: 'Omitida: los bots de la plataforma no estaban funcionando en ese momento',
  BOT_PAUSED: 'La plataforma ha pausado los bots de este par',
  BOT_RUNNING: 'En curso',
  CONFIG_PENALTY_RATE_RANGE:
    'La tasa de rescate anticipado debe estar entre 0 y 0,05 (5 % por cada día restante)',
  CONFIG_MIN_ABOVE_MAX: 'El mínimo no puede ser mayor que el máximo',
  CONFIG_WITHDRAW_FEE_ABOVE_MIN: 'El retiro mínimo debe ser mayor que la comisión de retiro',
  PROJECT_TIMES_INVALID:
    'La suscripción debe cerrar después de empezar, y el lanzamiento debe ser posterior al cierre',
  PROJECT_PRICE_INVALID: 'El precio de emisión debe ser mayor que 0',
  PROJECT_SUPPLY_INVALID: 'La oferta total debe ser mayor que 0',
  PROJECT_PAY_COIN_INVALID: 'Las monedas de pago deben ser monedas existentes distintas del token',
  PROJECT_TOKEN_INVALID:
    'El token necesita un nombre de 2 a 10 mayúsculas o dígitos, un nombre completo y de 0 a 18 decimales',
  PROJECT_TOKEN_TAKEN:
    'La moneda {coin} no puede ser el token de un proyecto nuevo: es una moneda base u otro proyecto la usa',
  PROJECT_TOKEN_DECIMALS:
    'La moneda {coin} ya existe con {decimals} decimales; los decimales de una moneda no cambian',
  XPUB_PRIVATE:
    'Esto es una clave privada (xprv). No se ha guardado: introduce la clave pública extendida (xpub) y considera esta clave privada expuesta',
  XPUB_INVALID: 'No es una clave pública extendida (xpub) válida',
  XPUB_NETWORK:
    'Las direcciones de {network} no se pueden derivar de una xpub; configura una dirección de depósito',
  DEPOSIT_SUSPENDED: 'Los depósitos en esta red están suspendidos por ahora',
  WITHDRAW_SUSPENDED: 'Los retiros en esta red están suspendidos por ahora',
  WITHDRAW_ABOVE_MAX: 'El retiro máximo por operación es de {max} {coin}',
  WITHDRAW_DAILY_AMOUNT:
    'Puedes retirar como máximo {limit} {coin} al día en esta red; te quedan {left} {coin} hoy',
  NICKNAME_INVALID: 'El apodo debe tener entre 1 y 32 caracteres',
  // Identity and money: uploads, KYC, fund password, wallet, deposits, withdrawals, addresses,
  // bank cards, operator review.
  FILE_REQUIRED: 'Elige un archivo para subir',
  FILE_TOO_LARGE: 'El archivo supera el tamaño permitido',
  FILE_NOT_IMAGE: 'Solo se pueden subir imágenes PNG, JPEG, WebP o GIF',
  IMAGE_UNREADABLE: 'No se puede leer esta imagen, elige otra',
  IMAGE_TOO_LARGE:
    'La imagen es demasiado grande: como máximo {side} píxeles por lado y {megapixels} megapíxeles',
  UPLOAD_INVALID: 'No se encontró la imagen, súbela de nuevo',
  COUNTRY_REQUIRED: 'Introduce tu país o región',
  REAL_NAME_REQUIRED: 'Introduce tu nombre completo',
  ID_NUMBER_REQUIRED: 'Introduce tu número de documento de identidad',
  CONTACT_ADDRESS_REQUIRED: 'Introduce tu dirección de contacto',
  ID_FRONT_REQUIRED: 'Sube la parte delantera de tu documento de identidad',
  ID_BACK_REQUIRED: 'Sube la parte trasera de tu documento de identidad',
  ID_HAND_REQUIRED: 'Sube una foto tuya sosteniendo tu documento de identidad',
  KYC_BASIC_REQUIRED: 'Completa primero la verificación básica',
  KYC_IN_REVIEW: 'Tu verificación está en revisión',
  KYC_ALREADY_VERIFIED: 'Ya estás verificado',
  KYC_REQUIRED: 'Verifica primero tu identidad',
  PAY_PASSWORD_REQUIRED: 'Introduce la contraseña de fondos',
  PAY_PASSWORD_INVALID: 'La contraseña de fondos debe tener 6 dígitos',
  PAY_PASSWORD_MISMATCH: 'Las dos contraseñas de fondos no coinciden',
  PAY_PASSWORD_NOT_SET: 'Configura primero una contraseña de fondos',
  PAY_PASSWORD_WRONG: 'La contraseña de fondos es incorrecta',
  DEMO_FUNDS_TOO_SOON:
    'Los fondos de demostración se pueden recargar una vez cada 10 minutos, inténtalo de nuevo en {minutes} min',
  PAY_PASSWORD_LOCKED:
    'Demasiados intentos fallidos con la contraseña de fondos, inténtalo de nuevo en {minutes} minutos',
  CURRENCY_INVALID: 'Elige una moneda admitida',
  ACCOUNT_TYPE_INVALID: 'Elige una cuenta válida',
  TRANSFER_SAME_ACCOUNT: 'Elige dos cuentas diferentes',
  AMOUNT_REQUIRED: 'Introduce la cantidad',
  AMOUNT_INVALID: 'Introduce una cantidad válida',
  AMOUNT_PRECISION: 'Como máximo {decimals} decimales',
  IDEMPOTENCY_KEY_REUSED: 'Esta Idempotency-Key ya se usó para otra solicitud',
  NETWORK_INVALID: 'Elige una red admitida',
  DEPOSIT_AUTOMATIC:
    'Los depósitos en {network} se abonan solos cuando la red los confirma; no hace falta comprobante',
  DEPOSIT_UNAVAILABLE: 'Los depósitos en esta red aún no están disponibles',
  DEPOSIT_BELOW_MIN: 'El depósito mínimo es de {min} {coin}',
  VOUCHER_REQUIRED: 'Sube el comprobante de la transferencia',
  ADDRESS_REQUIRED: 'Configura primero una dirección de retiro',
  WITHDRAW_BELOW_MIN: 'El retiro mínimo es de {min} {coin}',
  WITHDRAW_DAILY_LIMIT: 'Puedes hacer como máximo {limit} retiros al día',
  ADDRESS_EMPTY: 'Introduce la dirección',
  ADDRESS_INVALID: 'No es una dirección {network} válida',
  ADDRESS_EXISTS: 'Esta dirección ya está guardada',
  // 40: ADDRESS_LABEL_MAX of wallet.ts (validation errors carry no parameters).
  ADDRESS_LABEL_TOO_LONG: 'La etiqueta puede tener como máximo 40 caracteres',
  CARDHOLDER_REQUIRED: 'Introduce el nombre completo del titular',
  CARD_NUMBER_REQUIRED: 'Introduce el número de tarjeta o de cuenta',
  DEPOSITARY_BANK_REQUIRED: 'Introduce el banco depositario',
  BANK_BRANCH_REQUIRED: 'Introduce la sucursal',
  BANK_NAME_REQUIRED: 'Introduce el nombre del banco',
  BANK_ADDRESS_REQUIRED: 'Introduce la dirección del banco',
  SWIFT_CODE_REQUIRED: 'Introduce el código SWIFT/Fedwire',
  PAYEE_ADDRESS_REQUIRED: 'Introduce la dirección completa del beneficiario',
  ZIP_CODE_REQUIRED: 'Introduce el código postal',
  REASON_REQUIRED: 'Indica un motivo',
  ALREADY_DECIDED: 'Esta solicitud ya fue resuelta',
  // Market data and the live socket.
  SYMBOL_UNKNOWN: 'Par de negociación desconocido',
  PERIOD_INVALID: 'Periodo de gráfico no admitido',
  // Price alerts.
  ALERT_CONDITION_INVALID: 'Elige cuándo avisarte: por encima, por debajo o un movimiento en 24 h',
  ALERT_PRICE_INVALID: 'Introduce un precio de alerta válido',
  ALERT_PERCENT_INVALID: 'El movimiento en 24 h debe estar entre el 0,1 % y el 100 %',
  ALERT_ALREADY_CROSSED: 'El precio actual es {price}: esta alerta saltaría de inmediato',
  ALERT_ALREADY_MOVED: 'El cambio en 24 h ya es del {change} %: esta alerta saltaría de inmediato',
  ALERT_LIMIT: 'Puedes tener como máximo {max} alertas en espera; elimina una primero',
  ALERT_NOT_FOUND: 'Alerta no encontrada',
  // Web push.
  PUSH_ENDPOINT_INVALID: 'Este navegador ha dado una dirección de notificaciones no válida',
  PUSH_KEYS_INVALID: 'Este navegador ha dado claves de notificaciones no válidas',
  PUSH_KIND_INVALID: 'Elige un tipo de notificación',
  RANGE_INVALID: 'La hora de inicio debe ser anterior a la de fin',
  FRAME_INVALID: 'Mensaje no válido',
  CHANNEL_UNKNOWN: 'Canal desconocido: {ch}',
  SUBSCRIPTION_LIMIT: 'Demasiadas suscripciones en esta conexión (máximo {max})',
  TWO_FACTOR_REQUIRED: 'Introduce el código de tu aplicación de autenticación',
  TWO_FACTOR_INVALID: 'El código de autenticación es incorrecto o ya se ha usado',
  LOGIN_TICKET_INVALID: 'Este inicio de sesión ha caducado, vuelve a iniciar sesión',
  TWO_FACTOR_ALREADY_ON: 'La autenticación en dos pasos ya está activada',
  TWO_FACTOR_OFF: 'La autenticación en dos pasos no está activada',
  TWO_FACTOR_ENFORCED: 'Los operadores deben mantener activada la autenticación en dos pasos',
  FOUR_EYES_SAME_OPERATOR: 'Ya aprobaste este retiro; debe aprobarlo otro operador distinto',
  TWO_FACTOR_LOCKED:
    'Demasiados códigos de autenticación incorrectos, inténtalo de nuevo en {minutes} minutos',
  TWO_FACTOR_SETUP_FIRST: 'Primero inicia la configuración del autenticador',
  WITHDRAW_LOCKED_UNTIL:
    'Los retiros están en pausa hasta {until} tras un cambio de seguridad en tu cuenta',
  WHITELIST_ADDRESS_TOO_NEW:
    'La lista blanca de retiros está activada: esta dirección podrá recibir retiros a partir del {at}',
  ANTI_PHISHING_REQUIRED: 'Introduce un código antiphishing',
  ANTI_PHISHING_INVALID: 'El código antiphishing debe tener de 4 a 20 letras, números, - o _',
  PASSKEY_NAME_REQUIRED: 'Ponle un nombre a la llave de acceso',
  PASSKEY_NAME_INVALID:
    'El nombre de la llave de acceso tiene como máximo 40 caracteres, sin caracteres de control',
  PASSKEY_CHALLENGE_EXPIRED:
    'Esta solicitud de llave de acceso caducó o ya se usó. Inténtalo de nuevo',
  PASSKEY_INVALID: 'No se pudo verificar la llave de acceso',
  PASSKEY_UNKNOWN:
    'Esta llave de acceso no está registrada en ninguna cuenta. Inicia sesión con tu contraseña',
  PASSKEY_EXISTS: 'Esta llave de acceso ya está añadida',
  PASSKEY_NOT_FOUND: 'No se encontró la llave de acceso',
  TWO_FACTOR_CODE_USED:
    'Este código de autenticación ya se usó. Espera {seconds} segundos al siguiente código de tu aplicación',
  TWO_FACTOR_ACCOUNT_CODE_REQUIRED:
    'Se han probado muchos códigos de autenticación incorrectos en esta cuenta. Pide un código a tu correo o teléfono e introdúcelo junto con el código de autenticación',
  PASSWORD_WRONG: 'La contraseña es incorrecta',
  API_KEY_INVALID: 'Esta clave de API no existe o ha sido eliminada',
  API_KEY_SIGNATURE: 'La firma de la solicitud no coincide',
  API_KEY_EXPIRED_TIMESTAMP:
    'La marca de tiempo falta o se aleja más de 5 segundos de la hora del servidor',
  API_KEY_REPLAY: 'Esta solicitud firmada ya se utilizó',
  API_KEY_IP: 'Esta clave de API no se puede usar desde esta dirección',
  API_KEY_FORBIDDEN: 'Las claves de API no pueden hacer esto; usa la aplicación',
  API_KEY_NOT_FOUND: 'Esta clave de API ya fue eliminada o no existe',
  API_KEY_LIMIT: 'Puedes tener como máximo {max} claves de API; elimina una primero',
  API_KEY_PUBLIC_KEY_INVALID:
    'Pega una clave pública Ed25519: un bloque PEM (BEGIN PUBLIC KEY) o sus 32 bytes en base64',
  API_KEY_IP_INVALID: 'Introduce direcciones IP separadas por comas (como máximo {max})',
  SESSION_NOT_FOUND: 'Esta sesión ya terminó o no existe',
  POR_NO_SNAPSHOT: 'Todavía no se ha publicado ninguna instantánea de prueba de pasivos.',
  POR_SNAPSHOT_NOT_FOUND: 'Esa instantánea de prueba de pasivos no existe.',
  POR_NOT_INCLUDED:
    'No tenía esta moneda en esta instantánea, así que no incluye ninguna hoja suya.',
  TEXT_INVALID_CHARACTERS: '{field} contiene caracteres no permitidos',
  BODY_TOO_DEEP: 'La solicitud está anidada a demasiada profundidad (máximo {max} niveles)',
  NOTHING_TO_CHANGE: 'No hay nada que cambiar: indica al menos un campo',
  OPERATOR_ACTION_OWN: 'Tú pediste este cambio: debe aprobarlo otro administrador',
  OPERATOR_ACTION_WAITING:
    'Ningún otro administrador puede aprobar este cambio: podrá aplicarse a partir de {until}',
};

export default esp;
