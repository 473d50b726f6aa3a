import './locales';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScreenDef } from '@exship/contracts';
import { useSession } from '../../api/session';
import { NotificationInbox } from '../../shared/notification-inbox';
import { NewButton, ScreenCard, useCan, useUrlState } from '../../shared/list-ui';
import { CampaignList, useCampaignEditor } from './campaign-list';
import './notifications.css';

// SPEC §2 /app/setting-user/notifications (open): everyone reads their own notifications here;
// staff with EX-NOTIFICATION-LIST also see every notification written (the default tab for them),
// and with EX-NOTIFICATION-MANAGE write, schedule and publish them.

type Tab = 'manage' | 'mine';

export default function NotificationsPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const { profile } = useSession();
  const staff = can('EX-NOTIFICATION-LIST');
  const manage = can('EX-NOTIFICATION-MANAGE');
  // The tab, the filters and both pages live in the URL.
  const [filters, setFilters] = useUrlState({ tab: staff ? 'manage' : 'mine', keyword: '', status: 'all', page: '1', pageSize: '10', inboxPage: '1' });
  const tab: Tab = staff && filters.tab === 'manage' ? 'manage' : 'mine';
  const editor = useCampaignEditor();

  const mine = profile && (
    <div className="exn-page-inbox">
      <NotificationInbox
        userId={profile.id}
        timeZone={profile.timeZone}
        page={Number(filters.inboxPage) || 1}
        onPage={(inboxPage) => setFilters({ inboxPage, page: filters.page })}
        label={t('notif.tab.mine')}
      />
    </div>
  );

  return (
    <ScreenCard
      title={t('screen.notifications')}
      extra={tab === 'manage' && <NewButton show={manage} label={t('notif.new')} onClick={() => editor.setEditing('new')} />}
    >
      <Tabs
        activeKey={tab}
        // Switching tabs keeps each tab's page.
        onChange={(next) => setFilters({ tab: next, page: filters.page })}
        items={[
          ...(staff ? [{ key: 'manage', label: t('notif.tab.manage'), children: <CampaignList filters={filters} setFilters={setFilters} editor={editor} /> }] : []),
          { key: 'mine', label: t('notif.tab.mine'), children: mine },
        ]}
      />
    </ScreenCard>
  );
}
