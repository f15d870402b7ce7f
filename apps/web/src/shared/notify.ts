import { NOTIFICATION_DURATION_S } from '@dpp/shared/constants';

export type NotificationKind = 'success' | 'error' | 'info' | 'warning';

/**
 * Shows an antd notification (title and description, 5 seconds). The notification code loads on
 * first use, so pages that never notify do not carry it.
 */
export async function notify(kind: NotificationKind, title: string, description?: string): Promise<void> {
  // The component's own module, not the antd barrel: a dynamic import of the barrel drags every antd
  // component into the chunk graph and bloats the chunks the landing page shares with the other pages.
  const { default: notification } = await import('antd/es/notification');
  notification[kind]({ title, description, duration: NOTIFICATION_DURATION_S, placement: 'topRight' });
}
