import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Badge, Button, Modal, Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_LIMITS, type Notification } from '@exship/contracts';
import { MarkAllReadButton, NotificationInbox, NotificationList, useNotificationPage, useNotifications } from '../../shared/notification-inbox';
import './notification-bell.css';

// SPEC §2 Header: the bell with the unread count (overflow 100), a popover of the newest 10 and a
// View all modal. The list, the reading and the polling are shared/notification-inbox.tsx.

/** The header bell: unread badge, popover of the newest 10, and a View all modal. */
export function NotificationBell({ userId, timeZone }: { userId: string; timeZone?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [modalOpen, setModalOpen] = useState(false);
  const [modalPage, setModalPage] = useState(1);
  const bellRef = useRef<HTMLButtonElement>(null);
  const countId = useId();
  const headingId = useId();
  const notifications = useNotifications(userId);
  const { count } = notifications;
  const latest = useNotificationPage(userId, 1, open);

  const onRead = (item: Notification, leaving: boolean) => {
    if (!item.seen) void notifications.readOne(item);
    if (leaving) setOpen(false);
  };
  const closeOnEscape = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    setOpen(false);
    bellRef.current?.focus();
  };
  const title = t('header.notifications.title');

  const panel = (
    <section className="exn-panel" aria-labelledby={headingId} onKeyDown={closeOnEscape}>
      <div className="exn-head">
        <h2 id={headingId}>{title}</h2>
        <MarkAllReadButton notifications={notifications} />
      </div>
      <div className="exn-scroll">
        <NotificationList state={latest} clamp timeZone={timeZone} onRead={onRead} label={title} />
      </div>
      {!!latest.data?.total && (
        <div className="exn-foot">
          <Button
            type="link"
            onClick={() => {
              setOpen(false);
              setModalPage(1);
              setModalOpen(true);
            }}
          >
            {t('header.notifications.viewAll')}
          </Button>
        </div>
      )}
    </section>
  );

  return (
    <span style={{ display: 'inline-flex' }}>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        content={panel}
        arrow={false}
        // Slide sideways rather than off-screen: on a phone the bell is not at the edge.
        align={{ overflow: { shiftX: true, adjustY: true } }}
        classNames={{ root: 'exn-popover' }}
        styles={{ container: { padding: 0, overflow: 'hidden' } }}
      >
        <Button
          ref={bellRef}
          type="text"
          // The name holds the badge's visible number (WCAG 2.5.3); the description says what it counts.
          aria-label={count > 0 ? `${title} ${count > NOTIFICATION_LIMITS.badgeOverflow ? `${NOTIFICATION_LIMITS.badgeOverflow}+` : count}` : title}
          aria-describedby={count > 0 ? countId : undefined}
          aria-expanded={open}
          aria-haspopup="dialog"
          icon={
            <Badge count={count} overflowCount={NOTIFICATION_LIMITS.badgeOverflow} size="small">
              <BellOutlined style={{ fontSize: 18 }} />
            </Badge>
          }
        />
      </Popover>
      {count > 0 && (
        <span id={countId} hidden>
          {t('header.notifications.unreadCount', { count })}
        </span>
      )}
      <Modal
        open={modalOpen}
        title={title}
        footer={null}
        onCancel={() => setModalOpen(false)}
        width={640}
        destroyOnHidden
      >
        <NotificationInbox
          userId={userId}
          timeZone={timeZone}
          page={modalPage}
          onPage={setModalPage}
          onLeave={() => setModalOpen(false)}
          label={title}
          className="exn-modal-list"
        />
      </Modal>
    </span>
  );
}
