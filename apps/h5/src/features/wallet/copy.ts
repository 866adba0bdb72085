import { Toast } from 'antd-mobile';
import { copyText } from '../../lib/clipboard.ts';

/** Copies `text`, saying whether it worked (and to copy by hand when the browser refused). */
export async function copyWithToast(text: string, copied: string, failed: string): Promise<void> {
  const ok = await copyText(text);
  Toast.show(ok ? { icon: 'success', content: copied } : { content: failed });
}
