// API key messages, spread into the catalogues of messages.ts.

export const API_KEY_MESSAGES_EN = {
  'apiKey.created': 'API key created. Copy it now: it will not be shown again.',
  'apiKey.revoked': 'API key revoked.',
  'apiKey.expiry.invalid': 'Choose 1 day, 1 month, 3 months, 6 months, 1 year or no expiry.',
  'apiKey.scope.empty': 'Choose at least one permission group.',
  'error.API_KEY_NOT_FOUND': 'API key not found.',
  'error.API_KEY_EXPIRED': 'This API key has expired. Create a new one.',
  'error.API_KEY_NOT_ALLOWED': 'An API key cannot be used for this. Sign in instead.',
  'error.API_KEY_SELLER_ONLY': 'API keys belong to seller accounts: staff accounts cannot create them.',
  'error.API_KEY_READ_ONLY': 'This API key is read-only for this. Use a key with read/write access.',
  'error.API_KEY_LIMIT_REACHED': 'Your account has {{max}} active API keys, the most it may hold. Revoke one first.',
} as const;

export const API_KEY_MESSAGES_VI: Record<keyof typeof API_KEY_MESSAGES_EN, string> = {
  'apiKey.created': 'Đã tạo khóa API. Hãy sao chép ngay: khóa sẽ không được hiển thị lại.',
  'apiKey.revoked': 'Đã thu hồi khóa API.',
  'apiKey.expiry.invalid': 'Hãy chọn 1 ngày, 1 tháng, 3 tháng, 6 tháng, 1 năm hoặc không hết hạn.',
  'apiKey.scope.empty': 'Hãy chọn ít nhất một nhóm quyền.',
  'error.API_KEY_NOT_FOUND': 'Không tìm thấy khóa API.',
  'error.API_KEY_EXPIRED': 'Khóa API này đã hết hạn. Hãy tạo khóa mới.',
  'error.API_KEY_NOT_ALLOWED': 'Không thể dùng khóa API cho thao tác này. Hãy đăng nhập.',
  'error.API_KEY_SELLER_ONLY': 'Khóa API thuộc về tài khoản người bán: tài khoản nhân viên không thể tạo khóa.',
  'error.API_KEY_READ_ONLY': 'Khóa API này chỉ có quyền đọc cho thao tác này. Hãy dùng khóa có quyền đọc/ghi.',
  'error.API_KEY_LIMIT_REACHED': 'Tài khoản của bạn đã có {{max}} khóa API đang hoạt động, mức tối đa. Hãy thu hồi một khóa trước.',
};
