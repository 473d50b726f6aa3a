import { z } from 'zod';
import { emailField } from './auth';
import { multilineTextField, textField } from './fields';
import { LANGUAGES, type Language } from './limits';

// SPEC §2 /app/setting-user/emails: every mail the product sends has a template per language with
// named variables. The kinds and their variables are declared here once; the default texts live on
// the server (modules/emails), which renders them with Mustache.

export const EMAIL_KINDS = [
  'auth.verify',
  'auth.existing',
  'auth.reset',
  'team.invite',
  'product.reviewed',
  'topup.reviewed',
  'parcel.dimension',
  'notification',
  'credit.reminder',
  'credit.locked',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

type Text = Record<Language, string>;

export interface EmailVariableDef {
  name: string;
  description: Text;
  /** Shown in the preview and used by a test send. */
  sample: string;
  /**
   * May be empty: only such a variable may open a section (`{{#link}}…{{/link}}` or `{{^link}}…{{/link}}`),
   * so a template can leave out a sentence that would be empty. Nothing else of Mustache's logic is allowed.
   */
  optional?: boolean;
}

export interface EmailKindDef {
  description: Text;
  variables: readonly EmailVariableDef[];
}

const v = (name: string, en: string, vi: string, sample: string, optional?: boolean): EmailVariableDef => ({ name, description: { en, vi }, sample, ...(optional ? { optional } : {}) });

const NAME = v('name', "The recipient's full name", 'Họ tên người nhận', 'Nguyễn Văn An');
const title = (sample: string) => v('title', 'The notification title', 'Tiêu đề thông báo', sample);
const content = (sample: string) => v('content', 'The notification text', 'Nội dung thông báo', sample);
const appLink = (sample: string) => v('link', 'The link that opens it in ExShip', 'Liên kết mở trong ExShip', sample);

export const EMAIL_TEMPLATE_CATALOGUE: Record<EmailKind, EmailKindDef> = {
  'auth.verify': {
    description: { en: 'Sign-up: the link that verifies a new account', vi: 'Đăng ký: liên kết xác minh tài khoản mới' },
    variables: [NAME, v('link', 'The verification link (valid 10 minutes)', 'Liên kết xác minh (hiệu lực 10 phút)', 'https://exship.example/app/account/verify/sample-token')],
  },
  'auth.existing': {
    description: { en: 'Sign-up with an email that already has an account', vi: 'Đăng ký bằng email đã có tài khoản' },
    variables: [NAME, v('link', 'The sign-in page', 'Trang đăng nhập', 'https://exship.example/app/login')],
  },
  'auth.reset': {
    description: { en: 'Forgot password: the link to choose a new password', vi: 'Quên mật khẩu: liên kết đặt mật khẩu mới' },
    variables: [NAME, v('link', 'The reset link (valid 10 minutes)', 'Liên kết đặt lại (hiệu lực 10 phút)', 'https://exship.example/app/reset-password?token=sample-token')],
  },
  'team.invite': {
    description: { en: 'Team invite: a seller invites someone to their account', vi: 'Mời thành viên: người bán mời người khác vào tài khoản' },
    variables: [
      NAME,
      v('inviterName', 'Who sent the invite', 'Người gửi lời mời', 'Trần Thị Bình'),
      v('teamName', 'The account the invite is for', 'Tài khoản được mời vào', 'Bình Shop'),
      v('link', 'The link that accepts the invite', 'Liên kết chấp nhận lời mời', 'https://exship.example/app/teams/confirm-invite?token=sample-token'),
    ],
  },
  'product.reviewed': {
    description: { en: 'A product was accepted or rejected', vi: 'Sản phẩm được duyệt hoặc bị từ chối' },
    variables: [
      v('name', 'The product name', 'Tên sản phẩm', 'Cotton T-shirt'),
      v('reason', 'Why it was rejected (empty when accepted)', 'Lý do từ chối (trống khi được duyệt)', '', true),
      title('Product accepted'),
      content('“Cotton T-shirt” was accepted and can now be used in orders.'),
      appLink('https://exship.example/app/products/sample'),
    ],
  },
  'topup.reviewed': {
    description: { en: 'A top-up request was accepted or declined', vi: 'Yêu cầu nạp tiền được duyệt hoặc bị từ chối' },
    variables: [
      v('amount', 'The amount, e.g. $1,250.00', 'Số tiền, ví dụ $1,250.00', '$1,250.00'),
      v('reason', 'Why it was declined (empty when accepted)', 'Lý do từ chối (trống khi được duyệt)', '', true),
      title('Top-up accepted'),
      content('Your top-up of $1,250.00 was accepted and added to your wallet.'),
      appLink('https://exship.example/app/billing'),
    ],
  },
  'parcel.dimension': {
    description: { en: 'The warehouse measured a parcel beyond the tolerance: confirm the new price', vi: 'Kho đo bưu kiện vượt dung sai: xác nhận giá mới' },
    variables: [
      v('order', 'The order id', 'Mã đơn hàng', 'EX0A1B2C3D4E'),
      v('declared', 'Weight and size as declared', 'Cân nặng và kích thước khai báo', '800 g, 20 × 15 × 10 cm'),
      v('measured', 'Weight and size as measured', 'Cân nặng và kích thước đo được', '1200 g, 30 × 20 × 10 cm'),
      v('price', 'The price paid', 'Giá đã trả', '$9.75'),
      v('newPrice', 'The price at the measured size', 'Giá theo kích thước đo được', '$13.60'),
      v('confirmBy', 'The last day to confirm (UTC)', 'Ngày cuối để xác nhận (UTC)', '2026-12-01'),
      title('Parcel measured differently: confirm by 2026-12-01'),
      content('Order EX0A1B2C3D4E was measured at the warehouse as 1200 g, 30 × 20 × 10 cm (declared 800 g, 20 × 15 × 10 cm).'),
      appLink('https://exship.example/app/orders/order-detail/sample'),
    ],
  },
  notification: {
    description: { en: 'A notification staff publish by email', vi: 'Thông báo nhân viên gửi qua email' },
    variables: [
      title('Holiday schedule'),
      content('Our warehouse is closed on 1 January.'),
      v('link', 'The link of the notification', 'Liên kết của thông báo', 'https://exship.example/app/dashboard', true),
    ],
  },
  'credit.reminder': {
    description: { en: 'Credit line: the reminder before the due date', vi: 'Hạn mức tín dụng: nhắc trước ngày đến hạn' },
    variables: [
      v('used', 'Credit in use, in USD', 'Tín dụng đang dùng, USD', '1,250.00'),
      v('dueDate', 'The due date (UTC)', 'Ngày đến hạn (UTC)', '2026-12-01'),
    ],
  },
  'credit.locked': {
    description: { en: 'Credit line: locked after the due date', vi: 'Hạn mức tín dụng: bị khóa sau ngày đến hạn' },
    variables: [
      v('used', 'Credit still unpaid, in USD', 'Tín dụng chưa thanh toán, USD', '1,250.00'),
      v('dueDate', 'The due date that passed (UTC)', 'Ngày đến hạn đã qua (UTC)', '2026-12-01'),
    ],
  },
};

export const EMAIL_TEMPLATE_LIMITS = { subjectMax: 300, textMax: 20_000, htmlMax: 50_000 } as const;

export const EmailTemplateParamsSchema = z.object({ kind: z.enum(EMAIL_KINDS), lang: z.enum(LANGUAGES) });

export const EmailVariableSchema = z.object({
  name: z.string(),
  description: z.string(),
  sample: z.string(),
  optional: z.boolean(),
});

export const EmailTemplateSummarySchema = z.object({
  kind: z.enum(EMAIL_KINDS),
  description: z.string(),
  variables: z.array(z.string()),
  languages: z.array(z.object({ lang: z.enum(LANGUAGES), edited: z.boolean(), updatedAt: z.string().nullable() })),
});
export type EmailTemplateSummary = z.infer<typeof EmailTemplateSummarySchema>;

export const EmailTemplateSchema = z.object({
  kind: z.enum(EMAIL_KINDS),
  lang: z.enum(LANGUAGES),
  description: z.string(),
  variables: z.array(EmailVariableSchema),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  edited: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type EmailTemplate = z.infer<typeof EmailTemplateSchema>;

export const EmailTemplateBodySchema = z.object({
  subject: textField().trim().min(1, 'validation.required').max(EMAIL_TEMPLATE_LIMITS.subjectMax, 'validation.emailTemplate.tooLong'),
  text: multilineTextField().trim().min(1, 'validation.required').max(EMAIL_TEMPLATE_LIMITS.textMax, 'validation.emailTemplate.tooLong'),
  html: multilineTextField().trim().min(1, 'validation.required').max(EMAIL_TEMPLATE_LIMITS.htmlMax, 'validation.emailTemplate.tooLong'),
});
export type EmailTemplateBody = z.infer<typeof EmailTemplateBodySchema>;

/** A draft to render instead of the saved template (any part left out is the saved one) and values for its variables. */
export const EmailPreviewBodySchema = z.object({
  subject: textField().max(EMAIL_TEMPLATE_LIMITS.subjectMax, 'validation.emailTemplate.tooLong').optional(),
  text: multilineTextField().max(EMAIL_TEMPLATE_LIMITS.textMax, 'validation.emailTemplate.tooLong').optional(),
  html: multilineTextField().max(EMAIL_TEMPLATE_LIMITS.htmlMax, 'validation.emailTemplate.tooLong').optional(),
  vars: z.record(z.string().max(40), textField().max(2000, 'validation.emailTemplate.tooLong')).optional(),
});
export type EmailPreviewBody = z.infer<typeof EmailPreviewBodySchema>;

export const EmailTestSendBodySchema = EmailPreviewBodySchema.extend({
  /** Another address than the caller's own. */
  to: emailField.optional(),
});
export type EmailTestSendBody = z.infer<typeof EmailTestSendBodySchema>;

export const RenderedEmailSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type RenderedEmail = z.infer<typeof RenderedEmailSchema>;
