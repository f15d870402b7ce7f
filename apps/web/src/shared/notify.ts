import { NOTIFICATION_DURATION_S } from '@dpp/shared/constants';

/**
 * Below the site's sticky header (65 px) rather than over it: a notification at antd's default 24 px covers the
 * account menu and the header's buttons for its five seconds.
 */
const BELOW_THE_HEADER_PX = 81;

export type NotificationKind = 'success' | 'error' | 'info' | 'warning';

/**
 * Shows an antd notification (title and description, 5 seconds). The notification code loads on
 * first use, so pages that never notify do not carry it.
 */
export async function notify(kind: NotificationKind, title: string, description?: string): Promise<void> {
  // The component's own module, not the antd barrel: a dynamic import of the barrel drags every antd
  // component into the chunk graph and bloats the chunks the landing page shares with the other pages.
  const { default: notification } = await import('antd/es/notification');
  notification.config({ top: BELOW_THE_HEADER_PX });
  notification[kind]({ title, description, duration: NOTIFICATION_DURATION_S, placement: 'topRight' });
}
