import { useState, type MouseEvent } from 'react';
import { App, Button, ConfigProvider, Empty, Pagination, Skeleton } from 'antd';
import { BellOutlined, CheckOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { NOTIFICATION_LIMITS, type Notification, type NotificationListReply } from '@exship/contracts';
import { formatDateTime } from '@exship/domain';
import { notificationApi } from '../api/endpoints';
import { useSession } from '../api/session';
import { errorText } from './api-feedback';
import './notification-inbox.css';

// The reader's side of notifications, shared by the header bell (popover + View all) and the
// "My notifications" tab of /app/setting-user/notifications. SPEC §4: unseen → seen on click or
// read-all. §7: polled every 60 s. §8: a failed read shows the server message.

const POLL_MS = NOTIFICATION_LIMITS.pollSeconds * 1000;
export const NOTIFICATION_PAGE_SIZE = NOTIFICATION_LIMITS.popover;
/** SPEC §9: timestamps under 7 days are shown as relative. */
const RELATIVE_FOR_MS = 7 * 24 * 60 * 60 * 1000;

/** Per user, so a second sign-in in the same tab never sees the first user's cache. */
export const notificationKeys = (userId: string) => ({
  all: ['notifications', userId] as const,
  count: ['notifications', userId, 'unseen'] as const,
  lists: ['notifications', userId, 'list'] as const,
  /** Texts come in the user's language: a language switch fetches them again. */
  page: (language: string, page: number) => ['notifications', userId, 'list', language, page] as const,
});

/** "Just now", "5 minutes ago", "yesterday" under 7 days; DD-MM-YYYY HH:mm:ss in the user's offset after. */
export function notificationTime(iso: string, now: number, language: string, timeZone: string | undefined, t: TFunction): string {
  const age = now - Date.parse(iso);
  if (Number.isNaN(age)) return '';
  if (age >= RELATIVE_FOR_MS) return formatDateTime(iso, timeZone);
  if (age < 60_000) return t('header.notifications.justNow');
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (age < 3_600_000) return relative.format(-Math.floor(age / 60_000), 'minute');
  if (age < 86_400_000) return relative.format(-Math.floor(age / 3_600_000), 'hour');
  return relative.format(-Math.floor(age / 86_400_000), 'day');
}

const isAppPath = (url: string) => url.startsWith('/') && !url.startsWith('//');
const isPlainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/** The unread count, and reading one or all, with the caches kept in step. */
export function useNotifications(userId: string) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const keys = notificationKeys(userId);

  const count = useQuery({
    queryKey: keys.count,
    queryFn: async ({ signal }) => {
      const next = (await notificationApi.countUnseen(signal)).data.count;
      // Something arrived (or was read elsewhere): the lists are out of date.
      const before = queryClient.getQueryData<number>(keys.count);
      if (next !== before) void queryClient.invalidateQueries({ queryKey: keys.lists });
      // A new notice may be a reviewed top-up: the header's wallet boxes load the balance again.
      if (before !== undefined && next > before) void queryClient.invalidateQueries({ queryKey: ['wallet'] });
      return next;
    },
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });

  /** Marks cached items seen (one, or all without an id) and sets the unread count everywhere. */
  const markCached = (unseen: number, notificationId?: string) => {
    queryClient.setQueryData<number>(keys.count, unseen);
    queryClient.setQueriesData<NotificationListReply>({ queryKey: keys.lists }, (old) =>
      old && { ...old, unseen, items: old.items.map((n) => (!notificationId || n.id === notificationId ? { ...n, seen: true } : n)) },
    );
  };

  // Plain async handlers rather than useMutation: that hook alone moves TanStack Query out of the
  // entry chunk into a shared one (+0.9 KB gzip on the login page's first download).
  /** Optimistic: the dot and the count go at once; the server's count replaces ours when it answers. */
  const readOne = async (item: Notification) => {
    await queryClient.cancelQueries({ queryKey: keys.all });
    const previous = queryClient.getQueriesData({ queryKey: keys.all });
    markCached(Math.max(0, (queryClient.getQueryData<number>(keys.count) ?? 1) - 1), item.id);
    try {
      markCached((await notificationApi.markSeen(item.id)).data.count, item.id);
    } catch (err) {
      for (const [key, data] of previous) queryClient.setQueryData(key, data);
      void queryClient.invalidateQueries({ queryKey: keys.all });
      message.error(errorText(err, t));
    }
  };

  const [markingAll, setMarkingAll] = useState(false);
  const readAll = async () => {
    setMarkingAll(true);
    try {
      markCached((await notificationApi.markSeen()).data.count);
    } catch (err) {
      message.error(errorText(err, t));
    } finally {
      setMarkingAll(false);
    }
  };

  return { count: count.data ?? 0, readOne, readAll, markingAll };
}

/** One page of the caller's notifications (10 a page), in their language. */
export function useNotificationPage(userId: string, page: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const { language } = useSession();
  const keys = notificationKeys(userId);
  return useQuery({
    queryKey: keys.page(language, page),
    queryFn: async ({ signal }) => {
      const data = (await notificationApi.list({ current: page, pageSize: NOTIFICATION_PAGE_SIZE }, signal)).data;
      queryClient.setQueryData<number>(keys.count, data.unseen);
      return data;
    },
    enabled,
    // Opening the list always shows the latest; paging keeps the old page on screen meanwhile.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** Reads one notification; `leaving` when the click navigates this tab away. */
type OnRead = (item: Notification, leaving: boolean) => void;

function NotificationItem({ item, now, timeZone, clamp, onRead }: { item: Notification; now: number; timeZone: string | undefined; clamp: boolean; onRead: OnRead }) {
  const { t, i18n } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const [iconBroken, setIconBroken] = useState(false);
  const [imageBroken, setImageBroken] = useState(false);
  const className = `exn-item${item.seen ? '' : ' is-unseen'}`;
  const body = (
    <>
      <span className="exn-icon" aria-hidden>
        {item.iconUrl && !iconBroken ? <img src={item.iconUrl} alt="" onError={() => setIconBroken(true)} /> : <BellOutlined />}
      </span>
      <span className="exn-body">
        <span className="exn-title">{item.title}</span>
        <span className={`exn-content${clamp && !expanded ? ' exn-clamp' : ''}`}>{item.content}</span>
        {!clamp && item.imageUrl && !imageBroken && <img className="exn-image" src={item.imageUrl} alt="" onError={() => setImageBroken(true)} />}
        <time className="exn-time" dateTime={item.createdAt} title={formatDateTime(item.createdAt, timeZone)}>
          {notificationTime(item.createdAt, now, i18n.language, timeZone, t)}
        </time>
      </span>
      {item.seen ? <span className="exn-dot-spacer" /> : <span className="exn-dot" />}
      {!item.seen && <span className="exn-sr">{t('header.notifications.unread')}</span>}
    </>
  );

  if (item.url && isAppPath(item.url)) {
    return (
      <Link
        className={className}
        to={item.url}
        onClick={(e) => {
          // A new-tab click reads it too, but leaves the list open here.
          onRead(item, isPlainClick(e));
        }}
      >
        {body}
      </Link>
    );
  }
  if (item.url) {
    return (
      <a className={className} href={item.url} target="_blank" rel="noopener noreferrer" onClick={() => onRead(item, false)}>
        {body}
      </a>
    );
  }
  // Nothing to open: the click reads it and shows the whole text in place.
  return (
    <button
      type="button"
      className={className}
      aria-expanded={clamp ? expanded : undefined}
      onClick={() => {
        if (clamp) setExpanded((e) => !e);
        onRead(item, false);
      }}
    >
      {body}
    </button>
  );
}

/** A page of notifications with its loading, error and empty states; `clamp` cuts texts to 2 lines. */
export function NotificationList({
  state,
  clamp,
  timeZone,
  onRead,
  label,
}: {
  state: ReturnType<typeof useNotificationPage>;
  clamp: boolean;
  timeZone: string | undefined;
  onRead: OnRead;
  label: string;
}) {
  const { t } = useTranslation();
  if (state.isPending) {
    return (
      <div className="exn-state" role="status" aria-busy aria-label={label}>
        {/* Sized like the rows it stands for (title, a line of text, the time). */}
        <ConfigProvider theme={{ components: { Skeleton: { titleHeight: 14, paragraphLiHeight: 12, paragraphMarginTop: 14 } } }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} active avatar={{ size: 36 }} title={{ width: '55%' }} paragraph={{ rows: 2, width: ['100%', '30%'] }} style={{ marginBottom: i < 2 ? 20 : 0 }} />
          ))}
        </ConfigProvider>
      </div>
    );
  }
  if (state.isError) {
    return (
      <div className="exn-state" role="alert" style={{ textAlign: 'center', color: '#475569' }}>
        <p style={{ margin: '8px 0 12px' }}>{errorText(state.error, t, 'header.notifications.loadFailed')}</p>
        <Button size="small" onClick={() => void state.refetch()}>
          {t('loader.retry')}
        </Button>
      </div>
    );
  }
  if (state.data.items.length === 0) {
    return <Empty className="exn-state" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('header.notifications.empty')} />;
  }
  const now = Date.now();
  return (
    <ul className="exn-list" aria-label={label} aria-busy={state.isFetching}>
      {state.data.items.map((item) => (
        <li key={item.id}>
          <NotificationItem item={item} now={now} timeZone={timeZone} clamp={clamp} onRead={onRead} />
        </li>
      ))}
    </ul>
  );
}

/** "Mark all as read", shown while something is unread. */
export function MarkAllReadButton({ notifications }: { notifications: ReturnType<typeof useNotifications> }) {
  const { t } = useTranslation();
  if (notifications.count === 0) return null;
  return (
    <Button type="link" size="small" icon={<CheckOutlined />} loading={notifications.markingAll} onClick={() => void notifications.readAll()}>
      {t('header.notifications.markAllRead')}
    </Button>
  );
}

/**
 * Every notification of the caller, 10 a page, whole texts: the unread count with "Mark all as
 * read" above, the pager below. The bell's View all modal and the My notifications tab.
 */
export function NotificationInbox({
  userId,
  timeZone,
  page,
  onPage,
  onLeave,
  label,
  className,
}: {
  userId: string;
  timeZone: string | undefined;
  page: number;
  onPage: (page: number) => void;
  /** Called when a click navigates this tab (the modal closes itself). */
  onLeave?: () => void;
  label: string;
  /** The list box's own class: the modal scrolls inside it, a page does not. */
  className?: string;
}) {
  const { t } = useTranslation();
  const notifications = useNotifications(userId);
  const list = useNotificationPage(userId, page, true);
  const onRead: OnRead = (item, leaving) => {
    if (!item.seen) void notifications.readOne(item);
    if (leaving) onLeave?.();
  };
  return (
    <>
      <div className="exn-inbox-bar">
        <span role="status">{notifications.count > 0 ? t('header.notifications.unreadCount', { count: notifications.count }) : null}</span>
        <MarkAllReadButton notifications={notifications} />
      </div>
      <div className={className ? `exn-inbox-list ${className}` : 'exn-inbox-list'}>
        <NotificationList state={list} clamp={false} timeZone={timeZone} onRead={onRead} label={label} />
      </div>
      {!!list.data && (
        <Pagination
          className="exn-pager"
          current={page}
          pageSize={NOTIFICATION_PAGE_SIZE}
          total={list.data.total}
          onChange={onPage}
          showSizeChanger={false}
          hideOnSinglePage
          size="small"
        />
      )}
    </>
  );
}
