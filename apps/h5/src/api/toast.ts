import type Toast from 'antd-mobile/es/components/toast';
import type { ToastHandler, ToastShowProps } from 'antd-mobile/es/components/toast';

type ToastApi = typeof Toast;
let toastModule: Promise<ToastApi> | undefined;

/**
 * antd-mobile's Toast, loaded on first use so the entry bundle stays small (it brings the mask
 * and animation code). The app warms it up right after the first render. Their opaque colours
 * and reduced motion come with the shell's notices (app/toasts.css, app/reducedMotion.ts).
 */
export function loadToast(): Promise<ToastApi> {
  toastModule ??= import('antd-mobile/es/components/toast').then((m) => m.default);
  return toastModule;
}

/** Shows a toast; resolves to its handler. */
export async function showToast(props: ToastShowProps): Promise<ToastHandler> {
  return (await loadToast()).show(props);
}
