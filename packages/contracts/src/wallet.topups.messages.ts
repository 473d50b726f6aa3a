// Top-up messages (SPEC §5), spread into the catalogues of messages.ts.

export const TOP_UP_MESSAGES_EN = {
  'topUp.requested': 'Top-up request sent. Staff will check the transfer and credit your wallet.',
  'topUp.accepted': 'Top-up accepted. The wallet was credited.',
  'topUp.declined': 'Top-up declined.',
  'validation.topUp.amountMin': 'The top-up amount must be at least 50 USD.',
  'validation.topUp.amountMax': 'The top-up amount must be below 9,999,999 USD.',
  'validation.topUp.amountCents': 'The amount can have at most 2 decimals.',
  'validation.topUp.proofRequired': 'Attach the proof photo of the transfer (JPG or PNG).',
  'validation.topUp.proofType': 'The proof must be a JPG or PNG photo.',
  'validation.file.tooLarge': 'The file must be under {{max}}.',
  'error.TOPUP_NOT_FOUND': 'Top-up request not found.',
  'error.TOPUP_ALREADY_REVIEWED': 'This top-up request was already {{status}}.',
  'error.PAYMENT_GATEWAY_OFF': 'Online payment is not available. Top up by bank transfer.',
  'error.PAYMENT_GATEWAY_FAILED': 'The payment provider did not answer. Try again later.',
  'error.WEBHOOK_SIGNATURE_INVALID': 'The webhook signature is missing, wrong or too old.',
  'error.CHECKOUT_NOT_FOUND': 'Checkout session not found.',
} as const;

export const TOP_UP_MESSAGES_VI: Record<keyof typeof TOP_UP_MESSAGES_EN, string> = {
  'topUp.requested': 'Đã gửi yêu cầu nạp tiền. Nhân viên sẽ kiểm tra chuyển khoản và cộng tiền vào ví của bạn.',
  'topUp.accepted': 'Đã duyệt nạp tiền. Ví đã được cộng tiền.',
  'topUp.declined': 'Đã từ chối yêu cầu nạp tiền.',
  'validation.topUp.amountMin': 'Số tiền nạp phải từ 50 USD trở lên.',
  'validation.topUp.amountMax': 'Số tiền nạp phải dưới 9.999.999 USD.',
  'validation.topUp.amountCents': 'Số tiền chỉ được có tối đa 2 chữ số thập phân.',
  'validation.topUp.proofRequired': 'Hãy đính kèm ảnh chứng từ chuyển khoản (JPG hoặc PNG).',
  'validation.topUp.proofType': 'Ảnh chứng từ phải là ảnh JPG hoặc PNG.',
  'validation.file.tooLarge': 'Tệp phải nhỏ hơn {{max}}.',
  'error.TOPUP_NOT_FOUND': 'Không tìm thấy yêu cầu nạp tiền.',
  'error.TOPUP_ALREADY_REVIEWED': 'Yêu cầu nạp tiền này đã được xử lý ({{status}}).',
  'error.PAYMENT_GATEWAY_OFF': 'Thanh toán trực tuyến chưa được bật. Hãy nạp tiền bằng chuyển khoản.',
  'error.PAYMENT_GATEWAY_FAILED': 'Cổng thanh toán không phản hồi. Hãy thử lại sau.',
  'error.WEBHOOK_SIGNATURE_INVALID': 'Chữ ký webhook bị thiếu, sai hoặc đã quá hạn.',
  'error.CHECKOUT_NOT_FOUND': 'Không tìm thấy phiên thanh toán.',
};
