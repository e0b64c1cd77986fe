import type { ToastShowProps } from 'antd-mobile/es/components/toast';

/**
 * antd-mobile's Toast, loaded with the first toast: it brings Mask and react-spring (≈ 22 kB br), which
 * no H5 page's first screen shows (Lighthouse mobile). A toast follows an action or an error.
 */
export function showToast(props: ToastShowProps | string): void {
  void import('antd-mobile/es/components/toast').then(({ default: Toast }) => Toast.show(props));
}
