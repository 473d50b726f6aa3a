export { createNotificationService, type NotificationService } from './notifications.service';
export { notificationRoutes } from './notifications.routes';
export { createCampaignService, type CampaignService } from './notifications.campaigns';
export { registerNotificationJobs, PUBLISH_DUE_JOB } from './notifications.jobs';
