// Email template messages (SPEC §2 /app/setting-user/emails), spread into the catalogues of messages.ts.

export const EMAIL_MESSAGES_EN = {
  'emailTemplate.saved': 'Template saved. The next email uses it.',
  'emailTemplate.reset': 'Template reset to the default.',
  'emailTemplate.testSent': 'Test email sent.',
  'validation.emailTemplate.tooLong': 'This part of the template is too long.',
  'validation.emailTemplate.unknownVariable': 'Unknown variable {{variable}}. Use one of: {{allowed}}.',
  'validation.emailTemplate.linkMissing': 'This mail needs its link: add the variable “{{variable}}” (in double braces) to it.',
  'validation.emailTemplate.section': 'Only an optional variable may open a section; {{variable}} cannot.',
  'validation.emailTemplate.tag': 'The tag “{{tag}}” is not allowed: only the variables of this email can be used.',
  'validation.emailTemplate.unescaped': 'In the HTML part, write {{variable}} with two braces, not three, so its value is escaped.',
  'validation.emailTemplate.syntax': 'The template cannot be read: {{reason}}.',
} as const;

export const EMAIL_MESSAGES_VI: Record<keyof typeof EMAIL_MESSAGES_EN, string> = {
  'emailTemplate.saved': 'Đã lưu mẫu. Email tiếp theo sẽ dùng mẫu này.',
  'emailTemplate.reset': 'Đã khôi phục mẫu mặc định.',
  'emailTemplate.testSent': 'Đã gửi email thử.',
  'validation.emailTemplate.tooLong': 'Phần này của mẫu quá dài.',
  'validation.emailTemplate.unknownVariable': 'Biến {{variable}} không tồn tại. Hãy dùng một trong: {{allowed}}.',
  'validation.emailTemplate.linkMissing': 'Email này cần có liên kết: hãy thêm biến “{{variable}}” (trong dấu ngoặc nhọn kép) vào nội dung.',
  'validation.emailTemplate.section': 'Chỉ biến không bắt buộc mới được mở một khối; {{variable}} thì không.',
  'validation.emailTemplate.tag': 'Thẻ “{{tag}}” không được phép: chỉ dùng được các biến của email này.',
  'validation.emailTemplate.unescaped': 'Trong phần HTML, hãy viết {{variable}} với hai dấu ngoặc, không phải ba, để giá trị được thoát ký tự.',
  'validation.emailTemplate.syntax': 'Không đọc được mẫu: {{reason}}.',
};
