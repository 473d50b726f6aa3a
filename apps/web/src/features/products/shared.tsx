import { useEffect, useState } from 'react';
import { Image, Tag, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { FormInstance } from 'antd';
import { API_BASE, ApiError } from '../../api/client';
import { productsApi, type ProductImportKind } from '../../api/endpoints';
import { useSession } from '../../api/session';
import { useDownload } from '../../shared/screen';
import { formatDateTime } from '@exship/domain';
import type { ProductApprovalStatus } from '@exship/contracts';
import './locales';

// Pieces shared by the products, product detail and actual-weight-fee screens.
export { DeleteConfirm, ScreenCard, saveBase64, saveBlob, serverPagination, useCan, useUrlState as useUrlFilters, type ErrorWorkbook } from '../../shared/screen';

/** Staff acting for customers (EX-ACT-FOR-CUSTOMER): they name the customer, see every account. */
export function useIsStaff(): boolean {
  return (useSession().profile?.permissions ?? []).includes('EX-ACT-FOR-CUSTOMER');
}

/** docs/engineering.md "Time": DD-MM-YYYY HH:mm:ss in the user's offset. */
export function useFormatDate() {
  const { profile } = useSession();
  return (value: string | null | undefined) => (value ? formatDateTime(value, profile?.timeZone) : '—');
}

const APPROVAL_COLORS: Record<ProductApprovalStatus, string> = {
  draft: 'default',
  waiting_approval: 'gold',
  accepted: 'green',
  rejected: 'red',
};

/**
 * An id with its copy button: a seller pastes product and variant ids into the order import
 * (productId, variantId) and the variant import (Product_ID). `label` names the button.
 */
export function CopyableId({ id, label }: { id: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" copyable={{ text: id, tooltips: [label, t('products.id.copied')] }} style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
      {id}
    </Typography.Text>
  );
}

/** SPEC §4 product approval status as a coloured tag. */
export function ApprovalTag({ status }: { status: ProductApprovalStatus }) {
  const { t } = useTranslation();
  return <Tag color={APPROVAL_COLORS[status]}>{t(`products.approval.${status}`)}</Tag>;
}

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  const color = status === 'active' || status === 'configured' ? 'green' : status === 'removed' ? 'red' : 'default';
  return <Tag color={color}>{t(`products.status.${status}`)}</Tag>;
}

/** Field errors `variants.0.sku` onto Form.List items (antd needs numeric list indexes). */
export function applyNestedFieldErrors(form: FormInstance, err: unknown, t: TFunction): boolean {
  if (!(err instanceof ApiError) || err.errors.length === 0) return false;
  const byField = new Map<string, string[]>();
  for (const e of err.errors) byField.set(e.field, [...(byField.get(e.field) ?? []), t(e.message)]);
  const fields = [...byField].map(([field, errors]) => ({ name: field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), errors }));
  const top = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  const known = fields.filter((f) => top.has(String(f.name[0])));
  if (known.length) form.setFields(known);
  return known.length > 0;
}

/** Downloads an import template and reports the outcome (SPEC §8 'download template fail'). */
export function useTemplateDownload() {
  const download = useDownload({ done: 'products.import.templateDownloaded', failed: 'products.import.templateFailed' });
  return { busy: download.busy !== null, run: (kind: ProductImportKind) => download.run(kind, () => productsApi.template(kind)) };
}

const isServedMockup = (url: string) => url.startsWith(`${API_BASE}/products/mockups/`);

/** An object URL for a mockup: ours need the bearer token, so they are fetched as blobs. */
export function useMockupSrc(url: string | null | undefined): { src: string | null; failed: boolean } {
  const served = !!url && isServedMockup(url);
  const blob = useQuery({
    queryKey: ['product-mockup', url],
    queryFn: ({ signal }) => productsApi.mockupBlob(url!, signal),
    enabled: served,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const next = URL.createObjectURL(blob.data);
    setObjectUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob.data]);
  if (!url) return { src: null, failed: false };
  if (!served) return { src: url, failed: false };
  return { src: objectUrl, failed: blob.isError };
}

/** A mockup thumbnail with a preview; a neutral box when there is none. */
export function MockupThumb({ url, size = 48, alt }: { url: string | null | undefined; size?: number; alt: string }) {
  const { src } = useMockupSrc(url);
  const box = { width: size, height: size, borderRadius: 6, border: '1px solid #e5e7eb', background: '#f8fafc' };
  if (!src) {
    return (
      <div style={{ ...box, display: 'flex', alignItems: 'center', justifyContent: 'center', color: '#94a3b8' }} aria-label={alt} role="img">
        <PictureOutlined />
      </div>
    );
  }
  return <Image src={src} alt={alt} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 6 }} />;
}
