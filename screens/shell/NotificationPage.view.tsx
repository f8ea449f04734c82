import type { ViewProps } from '../runner/types';
import { OpenNotification } from './OpenNotification';

/** /admin/notifications/:id (schemas/screens/notification.json). */
export default function NotificationPage({ screen }: ViewProps) {
  return <OpenNotification title={screen.title} />;
}
