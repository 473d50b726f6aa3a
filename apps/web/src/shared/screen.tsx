import { useRef, useState, type ReactNode } from 'react';
import { App, Card, Popconfirm, Space, Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasAccess } from '@exship/domain';
import type { Envelope } from '../api/client';
import { useSession } from '../api/session';
import { errorText } from './api-feedback';
import { loadFailureOf, ResponsiveTable } from './responsive-table';

// Pieces every list and form screen shares: permission checks, the screen card, URL-kept filters,
// list queries, server-paged tables, delete confirms, file saving.

/** May the signed-in user use this permission code (buttons are hidden otherwise)? */
export function useCan() {
  const { profile } = useSession();
  const permissions = profile?.permissions ?? [];
  return (key: string) => hasAccess(permissions, key);
}

/** A screen: a card with its title and the actions on the right; wraps on a phone. */
export function ScreenCard({ title, extra, children }: { title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card styles={{ body: { padding: 'clamp(12px, 3vw, 24px)' } }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', justifyContent: 'space-between', marginBottom: 16 }}>
        {/* The screen's one <h1>, sized like a card title. */}
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24, lineHeight: 1.35 }}>
          {title}
        </Typography.Title>
        {extra && <Space wrap>{extra}</Space>}
      </div>
      {children}
    </Card>
  );
}

/**
 * Lists keep their filters and page in the URL, so a link reproduces the view.
 * Values equal to their default are left out of the URL; any filter change goes back to page 1.
 */
export function useUrlState<K extends string>(defaults: Record<K, string>, pageKey = 'page') {
  const [params, setParams] = useSearchParams();
  // The router renders a navigation in a transition: until that render, `params` (and the router's own
  // functional update) still hold the URL before it, so a second change made quickly after a first (a
  // tab, then a search) would drop the first. Each change builds on the last one asked for instead.
  const asked = useRef({ rendered: params, latest: params });
  if (asked.current.rendered !== params) asked.current = { rendered: params, latest: params };
  const values = Object.fromEntries(Object.entries(defaults).map(([k, d]) => [k, params.get(k) ?? d])) as Record<K, string>;
  const update = (patch: Partial<Record<K, string | number | null | undefined>>) => {
    const next = new URLSearchParams(asked.current.latest);
    for (const [k, raw] of Object.entries(patch) as [K, string | number | null | undefined][]) {
      const v = raw === null || raw === undefined ? '' : String(raw);
      if (v === '' || v === defaults[k]) next.delete(k);
      else next.set(k, v);
    }
    if (!(pageKey in patch)) next.delete(pageKey);
    asked.current.latest = next;
    setParams(next);
  };
  return [values, update] as const;
}

/** The antd Table pagination for a server-paged list kept in the URL (SPEC §9: 10/15/20). */
export function serverPagination(
  page: number,
  pageSize: number,
  total: number | undefined,
  onChange: (page: number, pageSize: number) => void,
  t: (key: string, o?: Record<string, unknown>) => string,
  sizes: number[] = [10, 15, 20],
) {
  return {
    current: page,
    pageSize,
    total: total ?? 0,
    showSizeChanger: sizes.length > 1,
    pageSizeOptions: sizes,
    hideOnSinglePage: false,
    showTotal: (n: number) => t('list.total', { count: n }),
    onChange,
  };
}

/** The list query of a screen, keyed by its filters; the previous page stays shown while the next loads. */
export function useListQuery<F, R>(key: string, filters: F, load: (filters: F, signal: AbortSignal) => Promise<R>) {
  return useQuery({
    queryKey: [key, filters],
    queryFn: ({ signal }) => load(filters, signal),
    placeholderData: keepPreviousData,
  });
}

interface ServerTableProps<T> {
  query: UseQueryResult<Envelope<{ items: T[]; total: number }>>;
  columns: TableColumnsType<T>;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
  sizes?: number[];
  emptyText?: ReactNode;
}

/**
 * A server-paged table of a list query (`{ items, total }`): loading, and a failed load with the
 * server's message and Retry (shown at the first failure, not after the background retries), the
 * URL-kept page; no column pinned over another, and one card per row on a phone.
 */
export function ServerTable<T extends { id: string }>({ query, columns, page, pageSize, onPage, sizes, emptyText }: ServerTableProps<T>) {
  const { t } = useTranslation();
  return (
    <ResponsiveTable<T>
      rowKey="id"
      columns={columns}
      dataSource={query.data?.data.items}
      loading={query.isFetching}
      loadFailure={loadFailureOf(query)}
      locale={{ emptyText: emptyText ?? t('list.empty') }}
      pagination={serverPagination(page, pageSize, query.data?.data.total, onPage, t, sizes)}
    />
  );
}

/** A ServerTable whose page and page size are the `page` and `pageSize` of the URL filters (`useUrlState`). */
export function UrlServerTable<T extends { id: string }>({
  filters,
  setFilters,
  ...table
}: Omit<ServerTableProps<T>, 'page' | 'pageSize' | 'onPage'> & {
  filters: { page: string; pageSize: string };
  setFilters: (patch: { page: number; pageSize: number }) => void;
}) {
  return <ServerTable<T> {...table} page={Number(filters.page)} pageSize={Number(filters.pageSize)} onPage={(page, pageSize) => setFilters({ page, pageSize })} />;
}

/** Asks before a delete: a danger OK button with the delete wording, Cancel to keep the record. */
export function DeleteConfirm({
  title,
  description,
  okText,
  onConfirm,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  okText: string;
  onConfirm: () => unknown;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm title={title} description={description} okText={okText} okButtonProps={{ danger: true }} cancelText={t('common.cancel')} onConfirm={onConfirm}>
      {children}
    </Popconfirm>
  );
}

/** Saves a blob under a file name (templates, exports, error workbooks). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The error workbook of an IMPORT_ROWS_INVALID reply (SPEC §8). */
export interface ErrorWorkbook {
  fileName: string;
  contentType: string;
  base64: string;
}

/** Saves a base64 file from an error reply (the import error workbook). */
export function saveBase64(file: ErrorWorkbook): void {
  const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
  saveBlob(new Blob([bytes], { type: file.contentType }), file.fileName);
}

/** Runs a download and reports success or failure (SPEC §8: 'download template fail'). */
export function useDownload(messages: { done: string; failed: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, load: () => Promise<{ blob: Blob; fileName: string }>) => {
    setBusy(key);
    try {
      const { blob, fileName } = await load();
      saveBlob(blob, fileName);
      message.success(t(messages.done, { file: fileName }));
    } catch (err) {
      message.error(errorText(err, t, messages.failed));
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
