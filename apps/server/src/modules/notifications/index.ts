export { createNotificationService, type NotificationService } from './notifications.service';
export { notificationRoutes } from './notifications.routes';
