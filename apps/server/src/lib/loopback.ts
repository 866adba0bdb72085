/** An address of this machine itself: 127.0.0.0/8, ::1, or 127.x written as IPv6. */
export const isLoopback = (address: string): boolean =>
  /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address) || address === '::1';
