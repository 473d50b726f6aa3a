import type { ErrorCode } from './errors';
import type { ORDER_MESSAGES_EN } from './orders.messages';
import type { TOP_UP_MESSAGES_EN } from './wallet.topups.messages';
import type { CREDIT_MESSAGES_EN } from './wallet.credit.messages';
import type { SHIPPING_MESSAGES_EN } from './shipping.messages';
import type { FLOOR_MESSAGES_EN } from './floor.messages';
import type { FREIGHT_MESSAGES_EN } from './freight.messages';
import type { ADDRESS_CHECK_MESSAGES_EN } from './address-check.messages';
import type { EXPORT_MESSAGES_EN } from './exports.messages';
import type { CRONJOB_MESSAGES_EN } from './cronjobs.messages';
import type { EMAIL_MESSAGES_EN } from './emails.messages';
import type { MEMBER_MESSAGES_EN } from './members.messages';
import type { API_KEY_MESSAGES_EN } from './apikeys.messages';
import type { ROLE_MESSAGES_EN } from './roles.messages';
import type { CATALOG_MESSAGES_EN } from './catalog.messages';
import type { WALMART_MESSAGES_EN } from './walmart.messages';
import type { WEBHOOK_MESSAGES_EN } from './webhooks.messages';
import type { TICKET_MESSAGES_EN } from './tickets.messages';
import type { REPORT_MESSAGES_EN } from './reports.messages';

// Server-side messages and validation keys, shared with the web app (which adds its own UI strings).
// en and vi must have the same keys: a test checks it.
// The catalogue is core messages (sign-in and everything before it, shared validation) plus the
// feature catalogues; the web registers the feature ones with the signed-in layout, so they stay out
// of the login page's initial bundle.
const coreEn = {
  'ok': 'OK',
  'auth.registered': 'Account created. Check your email for the verification link; it is valid for 10 minutes.',
  'auth.verified': 'Your account is verified. You can sign in now.',
  'auth.verifySent': 'If the account still needs verifying, a new link is on its way.',
  'auth.loggedIn': 'Signed in.',
  'auth.loggedOut': 'Signed out.',
  'auth.forgotSent': 'If an account uses this email, a reset link is on its way. It is valid for 10 minutes.',
  'auth.passwordReset': 'Your password is changed. Sign in with the new one.',
  'auth.passwordUpdated': 'Your password is changed.',
  'profile.updated': 'Profile saved.',
  'profile.avatarUpdated': 'Profile photo saved.',
  'profile.settingUpdated': 'Settings saved.',
  'profile.senderUpdated': 'Sender address saved.',
  'profile.languageUpdated': 'Language changed.',
  'user.statusChanged': 'User status changed.',
  'user.created': 'User created.',
  'user.updated': 'User saved.',
  'user.checkinChanged': 'Check-in permission changed.',
  'validation.role.required': 'Choose a role.',
  'validation.role.unknown': 'This role does not exist.',
  'validation.boolean': 'Choose yes or no.',

  'error.VALIDATION_FAILED': 'Some fields are not valid.',
  'error.UNAUTHENTICATED': 'Please sign in.',
  'error.SESSION_EXPIRED': 'Your session has expired. Please sign in again.',
  'error.FORBIDDEN': 'You do not have permission to do this.',
  'error.NOT_FOUND': 'Not found.',
  'error.NOTIFICATION_NOT_FOUND': 'Notification not found.',
  'error.ROUTE_NOT_FOUND': 'This API path does not exist.',
  'error.METHOD_NOT_ALLOWED': 'This API path does not accept this method.',
  'error.RATE_LIMITED': 'Too many attempts. Try again in a few minutes.',
  'error.INTERNAL_ERROR': 'Internal server error. Please try again.',
  'error.SERVICE_UNAVAILABLE': 'The service is briefly unavailable. Please try again in a few seconds.',
  'error.INVALID_CREDENTIALS': 'Wrong email or password.',
  'error.ACCOUNT_NOT_VERIFIED': 'Your account is not verified yet. Open the link in the verification email, or ask for a new one.',
  'error.ACCOUNT_INACTIVE': 'Your account is inactive. Contact support.',
  'error.SOCIAL_LOGIN_OFF': 'Sign-in with Google is not available.',
  'error.SOCIAL_TOKEN_INVALID': 'The Google sign-in could not be verified. Try again.',
  'error.SOCIAL_ACCOUNT_NOT_LINKED': 'This account signs in with its email and password, not with Google.',
  'error.ACCOUNT_ALREADY_VERIFIED': 'This account is already verified. Sign in to continue.',
  'error.VERIFY_LINK_INVALID': 'The verification link is invalid or has expired.',
  'error.RESET_LINK_INVALID': 'The reset link is invalid or has expired.',
  'error.CURRENT_PASSWORD_WRONG': 'The current password is wrong.',
  'error.PASSWORD_REUSED': 'The new password must differ from the current one.',
  'error.USER_NOT_FOUND': 'User not found.',
  'error.EMAIL_TAKEN': 'This email is already in use.',
  'error.USER_SELF_CHANGE': 'You cannot change your own permissions, role or status.',
  'error.USER_RANKS_ABOVE': 'This user\'s role ranks above yours.',
  'error.PERMISSION_NOT_HELD': 'You can only grant or remove permissions that you hold yourself.',
  'error.LAST_SUPER_ADMIN': 'The last active super admin cannot be deactivated or lose a permission.',
  'error.ROLE_NOT_HELD': 'You can only give a role whose permissions you hold yourself; it also holds {{codes}}.',
  'error.STAFF_ONLY_FOR_SELLER': 'A seller account cannot hold staff permissions or a staff role.',
  'error.ACCOUNT_SETTINGS_FORBIDDEN': "Only someone who may pay the account's orders can change its account settings.",
  'validation.url.notThisSite': 'Enter an http(s) address of this site.',
  'error.PASSWORD_CHANGE_REQUIRED': 'Change your password before you continue.',
  'error.PAYLOAD_TOO_LARGE': 'The request is too large.',
  'error.UNSUPPORTED_MEDIA_TYPE': 'This content type is not supported.',

  'validation.required': 'This field is required.',
  'validation.invalid': 'This value is not valid.',
  'validation.unknownField': 'This field is not allowed.',
  'validation.email.invalid': 'Enter a valid email address.',
  'validation.password.tooShort': 'The password needs at least 12 characters.',
  'validation.password.tooLong': 'The password can have at most 128 characters.',
  'validation.password.lowercase': 'The password needs a lowercase letter.',
  'validation.password.uppercase': 'The password needs an uppercase letter.',
  'validation.password.digit': 'The password needs a digit.',
  'validation.password.special': 'The password needs a special character.',
  'validation.password.mismatch': 'The passwords do not match.',
  'validation.password.common': 'This password is too common: it is on lists of leaked passwords. Choose another.',
  'validation.fullName.leadingSpace': 'The name cannot start with a space.',
  'validation.fullName.tooLong': 'The name can have at most 50 characters.',
  'validation.text.noEmoji': 'Emoji are not allowed here.',
  'validation.name.sameAsFirst': 'The last name must differ from the first name.',
  'validation.phone.invalid': 'Enter a valid phone number: an optional +, then 8 to 15 digits, not starting with 0.',
  'validation.terms.required': 'You must agree to the terms and conditions.',
  'validation.gender.invalid': 'Choose male or female.',
  'validation.date.invalid': 'Enter a valid date in the past (YYYY-MM-DD).',
  'validation.timeZone.invalid': 'Enter a time zone offset like +07:00.',
  'validation.labelDelay.invalid': 'Choose on payment, or after 4, 8, 12 or 24 hours.',
  'validation.language.invalid': 'Choose en or vi.',
  'validation.nothingToUpdate': 'Nothing to update.',
  'validation.id.invalid': 'This id is not valid.',
  'validation.status.invalid': 'Choose active or inactive.',
  'validation.permission.code': 'Unknown permission code.',
  'user.permissionsChanged': 'Permissions saved.',

  // catalog
  'import.dropdown': 'Please select a value from the dropdown list.',
  'import.code.notFound': 'No record with this code.',
  'error.CODE_TAKEN': 'This code is already used.',
  'error.PRIORITY_TAKEN': 'Another rule of this service already has this priority.',
  'error.OVERLAPPING_WEIGHT_RANGE': 'Weight ranges overlap for the same service.',
  'error.REFERENCE_NOT_FOUND': 'A referenced record does not exist.',
  'error.NO_SUITABLE_SERVICE': 'No suitable shipping service: {{why}}',
  'error.MISSING_WEIGHT': 'The weight is missing, so the price cannot be calculated.',
  'error.INVALID_DIMENSIONS': 'Missing or invalid dimensions prevent the price calculation.',
  'error.DISCOUNT_NOT_FOUND': 'Discount code not found.',
  'error.DISCOUNT_NOT_ACTIVE': 'This discount code is switched off.',
  'error.DISCOUNT_NOT_STARTED': 'This discount code has not started yet.',
  'error.DISCOUNT_EXPIRED': 'This discount code has expired.',
  'error.DISCOUNT_USED_UP': 'This discount code has been used up.',
  'error.DISCOUNT_NOT_FOR_CUSTOMER': 'This discount code is not for your account.',
  'error.DISCOUNT_NOT_FOR_SERVICE': 'This discount code does not apply to this service.',
  'error.DISCOUNT_MIN_WEIGHT': 'The parcel is below the minimum weight of this discount code.',
  'error.PRICE_VERSION_NOT_DRAFT': 'Only a draft price table can be activated or deleted.',
  'quote.reason.SERVICE_UNKNOWN': 'the service code does not exist.',
  'quote.reason.SERVICE_INACTIVE': 'the service is inactive.',
  'quote.reason.NO_ROUTE': 'no carrier serves this destination and weight with this service.',
  'quote.reason.NO_ZONE': 'the destination is in no zone.',
  'quote.reason.NO_SELL_PRICE': 'the service has no price for this weight.',
  'quote.reason.NO_CARRIER_PRICE': 'the carrier has no cost for this zone and weight.',
  'quote.unavailable.SERVICE_UNKNOWN': 'This service does not exist.',
  'quote.unavailable.SERVICE_INACTIVE': 'This service is inactive.',
  'quote.unavailable.NO_ROUTE': 'Not offered for this destination and weight.',
  'quote.unavailable.NO_ZONE': 'The destination is in no delivery zone.',
  'quote.unavailable.NO_SELL_PRICE': 'No price for this weight.',
  'quote.unavailable.NO_CARRIER_PRICE': 'The carrier has no rate for this zone and weight.',
  'catalog.saved': 'Saved.',
  'catalog.deleted': 'Deleted.',
  'catalog.priceVersionImported': 'Price table imported as a draft. Review the preview, then activate it.',
  'catalog.priceVersionActivated': 'Price table activated.',
  'validation.max50': 'At most 50 characters.',
  'validation.max100': 'At most 100 characters.',
  'validation.max255': 'At most 255 characters.',
  'validation.code.pattern': 'Use uppercase letters, digits and underscore only, without accents.',
  'validation.number': 'Enter a number.',
  'validation.page': 'The page must be a whole number, 1 or more.',
  'validation.integer': 'Enter a whole number.',
  'validation.positive': 'Enter a number above 0.',
  'validation.money.range': 'The amount is out of range.',
  'validation.money.decimals': 'Use at most 2 decimals.',
  'validation.weight.range': 'The weight is out of range.',
  'validation.weight.missing': 'The weight is missing, so the price cannot be calculated.',
  'validation.weight.minBelowMax': 'The minimum weight must be below the maximum weight.',
  'validation.dimension.missing': 'Dimensions are missing, so the price cannot be calculated.',
  'validation.dimension.range': 'Each side must be above 0.25 cm and below 99999 cm.',
  'validation.zip.digits': 'Use digits only, under 30 characters.',
  'validation.zip.invalid': 'Enter a postal code of 2 to 12 letters, digits, spaces or dashes.',
  'validation.zip.us': 'Enter a US ZIP code: 5 digits, or ZIP+4 (12345-6789).',
  'validation.zip.order': '"Zipcode to" must not be below "Zipcode from".',
  'validation.country.code': 'Use a two-letter country code such as US.',
  'validation.state.code': 'Use a state code such as CA.',
  'validation.tax.range': 'The rate must be between 0.01 and 99.99.',
  'validation.percent.range': 'The percentage is out of range.',
  'validation.percent.total100': 'The percentages must total 100.',
  'validation.priority.range': 'The priority must be a whole number from 1 to 999.',
  'validation.transitDays.range': 'Enter a whole number of days from 0 to 90.',
  'validation.transitDays.order': 'The fewest days must not be above the most days.',
  'validation.discount.code': 'Use uppercase letters and digits only, without spaces or accents.',
  'validation.limit.total': 'Enter a whole number from 1 to 999,999.',
  'validation.limit.perUser': 'Enter a whole number from 1 to 999.',
  'validation.date.local': 'Enter a real date and time (YYYY-MM-DDTHH:mm) between the years 2000 and 2100.',
  'validation.date.filter': 'Enter a real date (YYYY-MM-DD) between the years 2000 and 2100.',
  'validation.text.control': 'Control characters (such as NUL) are not allowed in this text.',
  'validation.tooLong': 'This text is too long.',
  'validation.outOfRange': 'This value is out of range.',
  'validation.discount.serviceUnknown': 'One or more of these services do not exist.',
  'validation.discount.customerUnknown': 'One or more of these customers do not exist.',
  'validation.date.endAfterStart': 'The end date must be after the start date.',
  'validation.date.rangeReversed': 'The end date must be on or after the start date.',
  // SPEC §5 restricted goods, declared per order line.
  'validation.restricted.gel': 'Gels, liquids and creams over {{max}} ml cannot be shipped.',
  'validation.restricted.gelVolume': 'Enter the volume in ml of the gel, liquid or cream.',
  'validation.restricted.eCigarette': 'E-cigarettes and vapes cannot be shipped.',
  'validation.restricted.cbd': 'Hemp and CBD products cannot be shipped.',
  'validation.restricted.plants': 'Live plants and seeds cannot be shipped.',
  'validation.restricted.animalProducts': 'Animal products cannot be shipped.',
  'validation.restricted.watch': 'Watches with a declared value over {{max}} cannot be shipped.',
  'validation.restricted.watchValue': 'Enter the declared value of the watch in USD.',
  'validation.restricted.looseBatteries': 'Loose batteries (not installed in a device) cannot be shipped.',

  'mail.verify.subject': 'Verify your ExShip account',
  'mail.verify.body': 'Hello {{name}},\n\nOpen this link within 10 minutes to verify your account:\n{{link}}\n\nIf you did not sign up, ignore this email.',
  'mail.existing.subject': 'Someone tried to sign up with your email',
  'mail.existing.body': 'Hello {{name}},\n\nSomeone tried to create an ExShip account with this email, which already has one. If it was you, sign in or reset your password:\n{{link}}',
  'mail.reset.subject': 'Reset your ExShip password',
  'mail.reset.body': 'Hello {{name}},\n\nOpen this link within 10 minutes to choose a new password:\n{{link}}\n\nIf you did not ask for this, ignore this email; your password stays the same.',
  // products, files and imports
  'product.created': 'Product created.',
  'product.updated': 'Product saved.',
  'product.deleted': 'Product deleted.',
  'product.submitted': 'Product sent for approval.',
  'product.accepted': 'Product accepted.',
  'product.rejected': 'Product rejected.',
  'product.importValidated': 'The file is valid. Review the rows, then import.',
  'import.validated': 'The file is valid. Review the rows, then import.',
  'product.imported': 'Import finished. Updates may take a few minutes to appear.',
  'product.weightConfigSaved': 'Weight threshold saved.',
  'product.weightConfigRemoved': 'Weight threshold removed.',
  'file.uploaded': 'File uploaded.',
  'import.errorsColumn': 'Errors',
  'import.cell.formula': 'Formulas are not allowed; enter the value itself.',
  'import.product.notFound': 'Product not found.',
  'import.product.locked': 'The product is waiting for approval and cannot be changed.',
  'import.customer.required': "Enter the customer's email.",
  'import.customer.notFound': 'Customer not found.',
  'import.sku.notFound': 'No variant with this SKU.',
  'import.product.duplicateInFile': 'This product appears more than once in the file.',
  'error.PRODUCT_NOT_FOUND': 'Product not found.',
  'error.PRODUCT_NOT_ACCEPTED': 'Only accepted products can be used in orders.',
  'error.SKU_DUPLICATE': 'Duplicate SKU: this SKU already exists for this customer.',
  'error.CUSTOMER_NOT_FOUND': 'Customer not found.',
  'error.ACTION_NOT_ALLOWED_FOR_STATUS': 'This action is not allowed for the current status.',
  'error.WEIGHT_CONFIG_NOT_FOUND': 'This product has no weight threshold configuration.',
  'error.FILE_MISSING': 'No file chosen.',
  'error.FILE_TOO_LARGE': 'The file is too large. The maximum size is {{max}}.',
  'error.FILE_TYPE_NOT_ALLOWED': 'Only JPG, JPEG and PNG images are allowed.',
  'error.FILE_NOT_FOUND': 'File not found.',
  'error.IMPORT_NOT_XLSX': 'This is not an Excel file. Only .xlsx files can be imported.',
  'error.IMPORT_NOT_CSV': 'This is not a CSV file. Only .csv files can be imported here.',
  'error.IMPORT_NOT_XLSX_OR_CSV': 'Only .xlsx or .csv files can be imported here.',
  'error.IMPORT_UNPACKED_TOO_LARGE': 'The workbook is too large once unpacked. Remove extra sheets, images or formatting, or split the file.',
  'error.IMPORT_TEMPLATE_CHANGED': 'Wrong file format. Use the template and do not add, edit or delete columns.',
  'error.IMPORT_NO_DATA': 'There is no data to import.',
  'error.IMPORT_TOO_MANY_ROWS': 'The file has too many rows. The maximum is {{max}}.',
  // imports and uploads
  'error.IMPORT_ALREADY_RUNNING': 'You already have an import in progress. Wait for it to finish, then try again.',
  'error.IMPORT_INTERRUPTED': 'The import stopped unexpectedly; please upload the file again.',
  'error.IMAGE_UNREADABLE': 'The file {{file}} is not a readable JPG or PNG image.',
  'error.STORAGE_QUOTA_EXCEEDED': 'Your account has used its {{max}} of uploaded files. Remove unused images first.',
  'error.UPLOAD_RATE_LIMITED': 'Too many uploads. Try again in a few minutes.',
  'validation.mockup.notOwn': 'Use a mockup image uploaded to this account.',
  'import.queued': 'The file is large: it is being imported in the background.',
  'validation.image.unreadable': 'This file is not a readable JPG or PNG image.',
  'error.IMPORT_ROWS_INVALID': 'Some rows are not valid. Download the error file to see the errors of each row.',
  'validation.decimal2': 'Use at most 2 decimal places.',
  'validation.pageSize': 'The page size must be between 1 and 100.',
  'validation.file.single': 'Upload a single file.',
  'validation.sku.invalid': 'The SKU may contain only letters, digits, dash, underscore and dot.',
  'validation.sku.tooLong': 'The SKU can have at most 100 characters.',
  'validation.sku.duplicateInRequest': 'Another variant of this product has the same SKU.',
  'validation.sku.duplicateInFile': 'Duplicate SKU in the file.',
  'validation.sku.duplicateInSystem': 'Duplicate SKU: it already exists in the system.',
  'validation.product.nameTooLong': 'The name can have at most 255 characters.',
  'validation.product.textTooLong': 'At most 50 characters.',
  'validation.product.dimension': 'Each dimension must be above 0.25 cm and below 999,999.',
  'validation.product.weight': 'The weight must be above 3 g and below 999,999.',
  'validation.product.price': 'The product price must be a whole number from 1 to 999,999.',
  'validation.product.salesTax': 'Sales tax must be from 0 to 100.',
  'validation.variant.hsCodeMissing': 'Missing HS code on the variant.',
  'validation.variants.required': 'Add at least one variant.',
  'validation.variants.tooMany': 'A product can have at most 100 variants.',
  'validation.url.invalid': 'Enter a valid http(s) URL.',
  'validation.url.forbiddenHost': 'This address (link-local or cloud metadata) cannot be used.',
  'validation.url.notPublic': 'Must be a public http(s) address.',
  'validation.link.invalid': 'Enter an app path starting with / or an http(s) URL.',
  'validation.max2000': 'At most 2,000 characters.',
  'validation.datetime.invalid': 'Enter a real date and time with its offset (e.g. 2026-03-01T09:00:00+07:00) between the years 2000 and 2100.',
  'validation.notification.roles': 'Choose at least one role.',
  'validation.notification.users': 'Choose at least one user.',
  'validation.reason.tooLong': 'The reason can have at most 255 characters.',
  'validation.origin.invalid': 'Choose admin, customer or industry.',
  'validation.approvalStatus.invalid': 'Choose draft, waiting approval, accepted or rejected.',
  'validation.weightThreshold': 'The weight threshold is required and must be greater than 0 (below 999,999 g).',
  'validation.fee': 'The fee must be from 0 to 999,999 USD.',
} as const;

export type FeatureMessageKey =
  | keyof typeof ORDER_MESSAGES_EN
  | keyof typeof TOP_UP_MESSAGES_EN
  | keyof typeof CREDIT_MESSAGES_EN
  | keyof typeof SHIPPING_MESSAGES_EN
  | keyof typeof FLOOR_MESSAGES_EN
  | keyof typeof FREIGHT_MESSAGES_EN
  | keyof typeof ADDRESS_CHECK_MESSAGES_EN
  | keyof typeof CRONJOB_MESSAGES_EN
  | keyof typeof EMAIL_MESSAGES_EN
  | keyof typeof MEMBER_MESSAGES_EN
  | keyof typeof API_KEY_MESSAGES_EN
  | keyof typeof ROLE_MESSAGES_EN
  | keyof typeof EXPORT_MESSAGES_EN
  | keyof typeof CATALOG_MESSAGES_EN
  | keyof typeof WALMART_MESSAGES_EN
  | keyof typeof WEBHOOK_MESSAGES_EN
  | keyof typeof TICKET_MESSAGES_EN
  | keyof typeof REPORT_MESSAGES_EN;
export type CoreKey = keyof typeof coreEn;
export type MessageKey = CoreKey | FeatureMessageKey;


/**
 * The core messages in English: sign-in and what comes before it, shared validation (the web's
 * entry). The Vietnamese ones are messages.core-vi.ts, which this module must not import, or a
 * page in English would download them; the whole catalogue is messages.catalogue.ts.
 */
export const CORE_MESSAGES_EN = coreEn;

export const errorMessageKey = (code: ErrorCode): MessageKey => `error.${code}` as MessageKey;
