// Shipping network messages (SPEC §3, §5: carriers, services, warehouses, zones, taxes), spread into
// the catalogues of messages.ts. Staff screens only: kept out of the sign-in bundle's core messages.

export const CATALOG_MESSAGES_EN = {
  'error.TAX_OVERLAP': 'An active tax already applies to {{country}} / {{province}} / {{carrier}} ({{taxType}}, {{rate}} %): quotes would use only one of them. Deactivate that tax or change this one.',
  'tax.allProvinces': 'all provinces',
  'tax.allCarriers': 'all carriers',
} as const;

export const CATALOG_MESSAGES_VI: Record<keyof typeof CATALOG_MESSAGES_EN, string> = {
  'error.TAX_OVERLAP': 'Đã có một loại thuế đang hoạt động cho {{country}} / {{province}} / {{carrier}} ({{taxType}}, {{rate}} %): báo giá chỉ dùng được một. Hãy tắt thuế đó hoặc sửa thuế này.',
  'tax.allProvinces': 'mọi tỉnh/bang',
  'tax.allCarriers': 'mọi hãng vận chuyển',
};
