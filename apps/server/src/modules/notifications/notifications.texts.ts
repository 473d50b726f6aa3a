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
  'parcel.lost': {
    title: { en: 'Parcel may be lost', vi: 'Bưu kiện có thể đã thất lạc' },
    content: {
      en: 'Parcel {tracking} of order {order} has had no tracking update for 15 business days. We are checking with the carrier; you can file a claim within 15 business days.',
      vi: 'Bưu kiện {tracking} của đơn {order} không có cập nhật hành trình trong 15 ngày làm việc. Chúng tôi đang kiểm tra với hãng vận chuyển; bạn có thể gửi khiếu nại trong vòng 15 ngày làm việc.',
    },
  },
  'parcel.late': {
    title: { en: 'Parcel is late', vi: 'Bưu kiện bị trễ' },
    content: {
      en: 'Parcel {tracking} of order {order} arrived at the US warehouse more than 15 days ago and is not delivered yet.',
      vi: 'Bưu kiện {tracking} của đơn {order} đã đến kho Mỹ hơn 15 ngày nhưng vẫn chưa được giao.',
    },
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
