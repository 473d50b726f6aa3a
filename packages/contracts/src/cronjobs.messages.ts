// Cron job messages (SPEC §2 /app/setting-user/cronjob), spread into the catalogues of messages.ts.

export const CRONJOB_MESSAGES_EN = {
  'cronjobs.queued': 'The job is queued to run now.',
  'cronjobs.paused': 'Cron job paused.',
  'cronjobs.resumed': 'Cron job resumed.',
} as const;

export const CRONJOB_MESSAGES_VI: Record<keyof typeof CRONJOB_MESSAGES_EN, string> = {
  'cronjobs.queued': 'Công việc đã được đưa vào hàng đợi để chạy ngay.',
  'cronjobs.paused': 'Đã tạm dừng tác vụ định kỳ.',
  'cronjobs.resumed': 'Đã tiếp tục tác vụ định kỳ.',
};
