import type { Jobs } from '../../platform/jobs';
import type { CampaignService } from './notifications.campaigns';

export const PUBLISH_DUE_JOB = 'notifications.publish-due';

export function registerNotificationJobs(jobs: Jobs, campaigns: CampaignService): void {
  jobs.register(PUBLISH_DUE_JOB, async () => void (await campaigns.publishDue()), {
    cron: '* * * * *',
    description: 'Publish staff notifications whose publish time has come',
  });
}
