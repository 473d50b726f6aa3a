import type { Language } from '@exship/contracts';

// Texts of the notifications the system raises, in each language (server-side only: they are
// written into the rows, so the web bundle does not carry them).

type Text = Record<Language, string>;
type Vars = Record<string, string>;

const fill = (template: string, vars: Vars) => template.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');

/** A reason typed by staff ends a sentence of the notice: its own closing stop is not doubled. */
const asClause = (text: string) => text.trim().replace(/[.。]+$/u, '');

const TEXTS = {
  'product.accepted': {
    title: { en: 'Product accepted', vi: 'Sản phẩm đã được duyệt' },
    content: {
      en: '“{name}” was accepted and can now be used in orders.',
      vi: '“{name}” đã được duyệt và có thể dùng trong đơn hàng.',
    },
  },
  'product.rejected': {
    title: { en: 'Product rejected', vi: 'Sản phẩm bị từ chối' },
    content: {
      en: '“{name}” was rejected: {reason}. Fix it and send it for approval again.',
      vi: '“{name}” bị từ chối: {reason}. Hãy sửa rồi gửi duyệt lại.',
    },
  },
  'product.submitted': {
    title: { en: 'Product waiting for approval', vi: 'Sản phẩm chờ duyệt' },
    content: {
      en: '“{name}” was sent for approval. Review it.',
      vi: '“{name}” đã được gửi duyệt. Hãy xem và duyệt.',
    },
  },
  'top-up.accepted': {
    title: { en: 'Top-up accepted', vi: 'Đã duyệt nạp tiền' },
    content: {
      en: 'Your top-up of {amount} was accepted and added to your wallet.',
      vi: 'Yêu cầu nạp {amount} đã được duyệt và cộng vào ví của bạn.',
    },
  },
  'top-up.declined': {
    title: { en: 'Top-up declined', vi: 'Yêu cầu nạp tiền bị từ chối' },
    content: {
      en: 'Your top-up of {amount} was declined: {reason}. Check the transfer and send a new request.',
      vi: 'Yêu cầu nạp {amount} bị từ chối: {reason}. Hãy kiểm tra chuyển khoản và gửi yêu cầu mới.',
    },
  },
  'top-up.submitted': {
    title: { en: 'Top-up waiting for review', vi: 'Yêu cầu nạp tiền chờ duyệt' },
    content: {
      en: '{customer} asked for a top-up of {amount}. Check the transfer, then accept or decline it.',
      vi: '{customer} yêu cầu nạp {amount}. Hãy kiểm tra chuyển khoản rồi duyệt hoặc từ chối.',
    },
  },
  'parcel.lost': {
    title: { en: 'Parcel may be lost', vi: 'Bưu kiện có thể đã thất lạc' },
    content: {
      en: 'Parcel {tracking} of order {order} has had no tracking update for 15 business days. We are checking with the carrier; you can file a claim within 15 business days: open this notice to start one.',
      vi: 'Bưu kiện {tracking} của đơn {order} không có cập nhật hành trình trong 15 ngày làm việc. Chúng tôi đang kiểm tra với hãng vận chuyển; bạn có thể gửi khiếu nại trong vòng 15 ngày làm việc: mở thông báo này để bắt đầu.',
    },
  },
  'walmart.ack-overdue': {
    title: { en: 'Walmart order waits for acknowledgement', vi: 'Đơn Walmart đang chờ xác nhận' },
    content: {
      en: 'Walmart purchase order {po} of {store} is not acknowledged yet. Walmart expects it by {due}: acknowledge it now.',
      vi: 'Đơn mua Walmart {po} của {store} chưa được xác nhận. Walmart yêu cầu xác nhận trước {due}: hãy xác nhận ngay.',
    },
  },
  'parcel.late': {
    title: { en: 'Parcel is late', vi: 'Bưu kiện bị trễ' },
    content: {
      en: 'Parcel {tracking} of order {order} arrived at the US warehouse more than 15 days ago and is not delivered yet.',
      vi: 'Bưu kiện {tracking} của đơn {order} đã đến kho Mỹ hơn 15 ngày nhưng vẫn chưa được giao.',
    },
  },
  'parcel.dimension': {
    title: { en: 'Parcel measured differently: confirm by {confirmBy}', vi: 'Bưu kiện đo khác khai báo: xác nhận trước {confirmBy}' },
    content: {
      en: 'Order {order} was measured at the warehouse as {measured} (declared {declared}). Its price at the measured size is {newPrice} (paid {price}). Confirm by {confirmBy} to ship it as a new order at that price; otherwise it is cancelled and refunded.',
      vi: 'Đơn {order} được đo tại kho là {measured} (khai báo {declared}). Giá theo kích thước đo được là {newPrice} (đã trả {price}). Hãy xác nhận trước {confirmBy} để gửi bằng đơn mới với giá đó; nếu không, đơn sẽ bị huỷ và hoàn tiền.',
    },
  },
  'webhook.gone': {
    title: { en: 'Webhook endpoint disabled', vi: 'Endpoint webhook đã bị tắt' },
    content: {
      en: 'Your webhook endpoint {url} answered HTTP 410 Gone, so it was disabled. Turn it back on in Integrations → Webhooks when it is ready; deliveries waiting for it go again.',
      vi: 'Endpoint webhook {url} của bạn trả về HTTP 410 Gone nên đã bị tắt. Hãy bật lại trong Tích hợp → Webhook khi đã sẵn sàng; các lượt gửi đang chờ sẽ được gửi lại.',
    },
  },
  'webhook.failing': {
    title: { en: 'Webhook endpoint disabled', vi: 'Endpoint webhook đã bị tắt' },
    content: {
      en: 'Every delivery to your webhook endpoint {url} failed for 5 days, so it was disabled. Fix it, then turn it back on in Integrations → Webhooks; deliveries waiting for it go again.',
      vi: 'Mọi lượt gửi tới endpoint webhook {url} của bạn đều thất bại trong 5 ngày nên endpoint đã bị tắt. Hãy sửa rồi bật lại trong Tích hợp → Webhook; các lượt gửi đang chờ sẽ được gửi lại.',
    },
  },
  'ticket.reply': {
    title: { en: 'New reply on ticket {code}', vi: 'Có trả lời mới cho yêu cầu {code}' },
    content: { en: '“{subject}” has a new reply. Open the ticket to read it.', vi: '“{subject}” có trả lời mới. Mở yêu cầu để đọc.' },
  },
  'ticket.status': {
    title: { en: 'Ticket {code} is now {status}', vi: 'Yêu cầu {code} chuyển sang {statusVi}' },
    content: { en: '“{subject}” is now {status}.', vi: '“{subject}” chuyển sang trạng thái {statusVi}.' },
  },
} satisfies Record<string, { title: Text; content: Text }>;

export type SystemNotificationKind = keyof typeof TEXTS;

/** Title and content of a system notification in every language. */
export function renderNotification(kind: SystemNotificationKind, vars: Vars): { title: Text; content: Text } {
  const t = TEXTS[kind];
  if (vars.reason !== undefined) vars = { ...vars, reason: asClause(vars.reason) };
  return {
    title: { en: fill(t.title.en, vars), vi: fill(t.title.vi, vars) },
    content: { en: fill(t.content.en, vars), vi: fill(t.content.vi, vars) },
  };
}
