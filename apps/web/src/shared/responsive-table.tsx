import { isValidElement, useState, type Key, type ReactNode } from 'react';
import { Alert, Button, Card, Checkbox, Empty, Pagination, Spin, Table, type CheckboxProps, type TableColumnType, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from './api-feedback';
import { PHONE_QUERY, useMediaQuery } from './use-media-query';

// Lists on every screen: on a desktop a table where no column is pinned over
// another (a pinned Actions column used to hide Status at 1280 px); on a phone one card per row,
// each column a labelled line, so nothing hides behind a sideways scroll.

type Column<T> = TableColumnType<T> & { children?: unknown };

const valueOf = <T,>(row: T, dataIndex: TableColumnType<T>['dataIndex']): unknown => {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  return path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string | number, unknown>)[k as string | number] : undefined), row);
};

/** A list load that failed: the error to show and how to ask again. */
export interface ListLoadFailure {
  error: unknown;
  retry: () => unknown;
}

/**
 * The failure of a list query, as soon as the first attempt fails: the query client retries a 5xx
 * in the background (every 5 s, SPEC §7), and until then the list used to show only a spinner.
 * A new fetch (Retry) clears it, so the spinner shows again while that one runs.
 */
export function loadFailureOf(query: { failureReason: unknown; refetch: () => unknown }): ListLoadFailure | null {
  if (!query.failureReason) return null;
  return { error: query.failureReason, retry: () => query.refetch() };
}

/** The error of a failed list load with the server's message and a Retry button. */
export function ListLoadError({ failure }: { failure: ListLoadFailure }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={{ marginBottom: 12 }}
      title={errorText(failure.error, t, 'list.loadFailed')}
      action={<Button onClick={() => void failure.retry()}>{t('list.retry')}</Button>}
    />
  );
}

/** A row's checkbox on a phone (the Table's rowSelection). */
interface CardSelection {
  checked: boolean;
  onChange: (checked: boolean) => void;
  props?: Partial<CheckboxProps>;
}

/** One row as a card: the columns' titles and cells, the actions (key 'actions') at the bottom. */
function RowCard<T>({ row, index, columns, selection }: { row: T; index: number; columns: Column<T>[]; selection?: CardSelection }) {
  const cell = (c: Column<T>): ReactNode => {
    const value = valueOf(row, c.dataIndex);
    return c.render ? (c.render(value, row, index) as ReactNode) : ((value ?? '') as ReactNode);
  };
  const fields = columns.filter((c) => c.key !== 'actions');
  const actions = columns.find((c) => c.key === 'actions');
  return (
    <Card size="small" role="listitem">
      {selection && (
        <Checkbox {...selection.props} checked={selection.checked} onChange={(e) => selection.onChange(e.target.checked)} style={{ marginBottom: 8 }} />
      )}
      <dl style={{ display: 'grid', gridTemplateColumns: 'minmax(90px, 40%) 1fr', gap: '6px 12px', margin: 0 }}>
        {fields.map((c, i) => (
          <div key={String(c.key ?? c.dataIndex ?? i)} style={{ display: 'contents' }}>
            <dt style={{ color: '#4b5563', fontSize: 13 }}>{typeof c.title === 'function' ? null : (c.title as ReactNode)}</dt>
            <dd style={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>{cell(c)}</dd>
          </div>
        ))}
      </dl>
      {actions && <div style={{ marginTop: 10, paddingTop: 10, borderTop: '1px solid #f0f0f0' }}>{cell(actions)}</div>}
    </Card>
  );
}

/**
 * antd's Table on a desktop (pinned columns unpinned, sideways scroll when it must), a card list on
 * a phone. Takes the Table props the screens use: columns, dataSource, rowKey, loading, pagination, locale.
 * With `loadFailure` (see `loadFailureOf`) the failure and a Retry button show instead of a spinner;
 * rows already loaded stay under it, an empty list shows no second, contradicting empty state.
 */
export function ResponsiveTable<T extends object>({ loadFailure, ...props }: TableProps<T> & { loadFailure?: ListLoadFailure | null }) {
  if (loadFailure) {
    const hasRows = (props.dataSource?.length ?? 0) > 0;
    return (
      <>
        <ListLoadError failure={loadFailure} />
        {hasRows && <TableOrCards<T> {...props} loading={false} />}
      </>
    );
  }
  return <TableOrCards<T> {...props} />;
}

function TableOrCards<T extends object>(props: TableProps<T>) {
  const phone = useMediaQuery(PHONE_QUERY);
  const [clientPage, setClientPage] = useState(1);
  const columns = (props.columns ?? []) as Column<T>[];
  if (!phone) {
    // Table width follows the card (cells wrap) and scrolls sideways only when even wrapped cells do not fit.
    return <Table<T> {...props} scroll={{ x: true }} columns={columns.map((c) => (c.fixed ? { ...c, fixed: undefined } : c))} />;
  }
  const rows = props.dataSource ?? [];
  const keyOf = (row: T, i: number) => {
    const { rowKey } = props;
    if (typeof rowKey === 'function') return String(rowKey(row, i));
    return String((row as Record<string, unknown>)[(rowKey as string | undefined) ?? 'key'] ?? i);
  };
  const pagination = props.pagination || null;
  const pageSize = pagination?.pageSize ?? 10;
  // Client-paged lists (no total given) are cut here; server-paged ones arrive as one page.
  const clientPaged = !!pagination && pagination.total === undefined;
  const current = pagination?.current ?? clientPage;
  const setCurrent = (page: number, size: number) => (pagination?.onChange ? pagination.onChange(page, size) : setClientPage(page));
  const shown = clientPaged ? rows.slice((current - 1) * pageSize, current * pageSize) : rows;
  const visibleColumns = columns.filter((c) => !c.hidden);
  // Row selection (bulk actions): a checkbox on each card, reported through the Table's onChange.
  const selection = props.rowSelection;
  const selectedKeys = (selection?.selectedRowKeys ?? []).map(String);
  const selectionOf = (row: T, i: number): CardSelection | undefined => {
    if (!selection) return undefined;
    const key = keyOf(row, i);
    return {
      checked: selectedKeys.includes(key),
      props: selection.getCheckboxProps?.(row) as Partial<CheckboxProps> | undefined,
      onChange: (checked) => {
        const keys: Key[] = checked ? [...selectedKeys, key] : selectedKeys.filter((k) => k !== key);
        selection.onChange?.(keys, rows.filter((r, j) => keys.includes(keyOf(r, j))), { type: 'single' });
      },
    };
  };
  // A screen's own empty state (an <Empty>, a Create button) shows as it is, as the desktop Table
  // shows it; only a text gets the illustration (a phone once showed both, one inside the other).
  const emptyText = typeof props.locale?.emptyText === 'function' ? props.locale.emptyText() : props.locale?.emptyText;
  const emptyState = isValidElement(emptyText) ? emptyText : <Empty description={emptyText} />;
  return (
    <Spin spinning={!!props.loading}>
      {shown.length === 0 ? (
        emptyState
      ) : (
        <div role="list" style={{ display: 'grid', gap: 12 }}>
          {shown.map((row, i) => (
            <RowCard key={keyOf(row, i)} row={row} index={i} columns={visibleColumns} selection={selectionOf(row, i)} />
          ))}
        </div>
      )}
      {pagination && (pagination.total ?? rows.length) > pageSize && (
        <Pagination
          simple
          style={{ marginTop: 12, justifyContent: 'center', display: 'flex' }}
          current={current}
          pageSize={pageSize}
          total={pagination.total ?? rows.length}
          onChange={setCurrent}
        />
      )}
    </Spin>
  );
}
