// Stable error codes (CONVENTIONS: Errors). Messages live in messages.ts under `error.<CODE>`.
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'SESSION_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'INVALID_CREDENTIALS',
  'ACCOUNT_NOT_VERIFIED',
  'ACCOUNT_INACTIVE',
  'ACCOUNT_ALREADY_VERIFIED',
  'VERIFY_LINK_INVALID',
  'RESET_LINK_INVALID',
  'CURRENT_PASSWORD_WRONG',
  'PASSWORD_REUSED',
  'USER_NOT_FOUND',
  'EMAIL_TAKEN',
  // account security (issue 8)
  'USER_SELF_CHANGE',
  'USER_RANKS_ABOVE',
  'PERMISSION_NOT_HELD',
  'LAST_SUPER_ADMIN',
  'PASSWORD_CHANGE_REQUIRED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  // catalog and quote (issue #3)
  'CODE_TAKEN',
  'PRIORITY_TAKEN',
  'OVERLAPPING_WEIGHT_RANGE',
  'REFERENCE_NOT_FOUND',
  'NO_SUITABLE_SERVICE',
  'MISSING_WEIGHT',
  'INVALID_DIMENSIONS',
  'DISCOUNT_NOT_FOUND',
  'DISCOUNT_NOT_ACTIVE',
  'DISCOUNT_NOT_STARTED',
  'DISCOUNT_EXPIRED',
  'DISCOUNT_USED_UP',
  'DISCOUNT_NOT_FOR_CUSTOMER',
  'DISCOUNT_NOT_FOR_SERVICE',
  'DISCOUNT_MIN_WEIGHT',
  'PRICE_VERSION_NOT_DRAFT',
  // products (issue 4) and shared file/import codes
  'PRODUCT_NOT_FOUND',
  'PRODUCT_NOT_ACCEPTED',
  'SKU_DUPLICATE',
  'CUSTOMER_NOT_FOUND',
  'ACTION_NOT_ALLOWED_FOR_STATUS',
  // orders (issue 9)
  'ORDER_NOT_FOUND',
  'ORDER_NAME_TAKEN',
  'ORDER_NOT_EDITABLE',
  'ORDER_ADDRESS_ONLY',
  'SURCHARGE_NOT_ALLOWED',
  'SURCHARGE_NO_WEIGHT',
  'WEIGHT_CONFIG_NOT_FOUND',
  'FILE_MISSING',
  'FILE_TOO_LARGE',
  'FILE_TYPE_NOT_ALLOWED',
  'FILE_NOT_FOUND',
  'IMPORT_NOT_XLSX',
  'IMPORT_UNPACKED_TOO_LARGE',
  'IMPORT_TEMPLATE_CHANGED',
  'IMPORT_NO_DATA',
  'IMPORT_TOO_MANY_ROWS',
  'IMPORT_ROWS_INVALID',
  // imports and uploads (issue 7 §4, issue 8 #11 #12)
  'IMPORT_ALREADY_RUNNING',
  'IMAGE_UNREADABLE',
  'STORAGE_QUOTA_EXCEEDED',
  'UPLOAD_RATE_LIMITED',
  // notifications
  'NOTIFICATION_NOT_FOUND',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface FieldError {
  /** Dotted path of the field, e.g. `email` or `items.2.sku`. */
  field: string;
  /** Message key (in messages.ts) or already-localized text. */
  message: string;
  /** Values for the message's {{placeholders}}. */
  vars?: Record<string, string>;
}
