import { Badge, Input, Select, Tabs, type TimeRangePickerProps } from 'antd';
import dayjs from 'dayjs';
import { DatePicker } from './date-picker';
import { PHONE_QUERY, useMediaQuery } from './use-media-query';

// The filter pieces of the listing screens (boxes, freights, tracking logs, the freight report): each
// value lives in the URL (useUrlState), so a piece takes the value and reports a patch.

/** The status tabs of a list, each with its count; a select on a phone, where a tab bar would overflow
 *  (and below `selectWhen`, a media query, for a list whose tabs need more room than a tablet has). */
export function StatusTabs({
  tabs,
  value,
  counts,
  label,
  tabLabel,
  onChange,
  gutter,
  tabTitle,
  selectWhen,
}: {
  tabs: readonly string[];
  value: string;
  counts: Record<string, number> | undefined;
  /** The select's accessible name on a phone. */
  label: string;
  tabLabel: (status: string) => string;
  onChange: (status: string) => void;
  gutter?: number;
  /** The full name of a tab whose label is shortened, shown on hover. */
  tabTitle?: (status: string) => string;
  selectWhen?: string;
}) {
  const phone = useMediaQuery(PHONE_QUERY);
  const narrow = useMediaQuery(selectWhen ?? PHONE_QUERY);
  if (phone || narrow) {
    return (
      <Select
        aria-label={label}
        value={value}
        onChange={(status: string) => onChange(status)}
        style={{ width: '100%', marginBottom: 12 }}
        options={tabs.map((s) => ({ value: s, label: counts ? `${tabLabel(s)} (${counts[s] ?? 0})` : tabLabel(s) }))}
      />
    );
  }
  return (
    <Tabs
      size="small"
      tabBarGutter={gutter}
      activeKey={value}
      onChange={onChange}
      items={tabs.map((s) => ({
        key: s,
        label: (
          <span title={tabTitle?.(s)}>
            {tabLabel(s)} {counts && <Badge count={counts[s] ?? 0} showZero overflowCount={99_999} size="small" color={s === value ? '#1d4ed8' : '#6b7280'} />}
          </span>
        ),
      }))}
    />
  );
}

/** A keyword box whose value is in the URL: a search trims it; `label` names it for screen readers. */
export function KeywordFilter({ value, label, maxLength = 100, onSearch }: { value: string; label: string; maxLength?: number; onSearch: (keyword: string) => void }) {
  return (
    <Input.Search
      key={`kw-${value}`}
      defaultValue={value}
      allowClear
      maxLength={maxLength}
      placeholder={label}
      aria-label={label}
      onSearch={(keyword) => onSearch(keyword.trim())}
      style={{ width: 260 }}
    />
  );
}

/** A date range (either end may be open) kept as two YYYY-MM-DD strings, shown DD-MM-YYYY. */
export function DateRangeFilter({
  from,
  to,
  label,
  placeholder,
  presets,
  width = 260,
  onChange,
}: {
  from: string;
  to: string;
  label: string;
  placeholder: [string, string];
  presets?: TimeRangePickerProps['presets'];
  width?: number;
  onChange: (from: string, to: string) => void;
}) {
  return (
    <DatePicker.RangePicker
      format="DD-MM-YYYY"
      value={from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null}
      allowEmpty={[true, true]}
      presets={presets}
      aria-label={label}
      placeholder={placeholder}
      onChange={(d) => onChange(d?.[0]?.format('YYYY-MM-DD') ?? '', d?.[1]?.format('YYYY-MM-DD') ?? '')}
      style={{ width }}
    />
  );
}

/** A searchable pick-list filter (carrier, warehouse, airline) with a placeholder meaning "all"; clearing it gives ''. */
export function PickFilter({
  label,
  allLabel,
  value,
  options,
  loading,
  width = 180,
  onChange,
}: {
  label: string;
  allLabel: string;
  value: string;
  options: { value: string; label: string }[];
  loading?: boolean;
  width?: number;
  onChange: (value: string) => void;
}) {
  return (
    <Select
      aria-label={label}
      placeholder={allLabel}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={value || undefined}
      onChange={(v?: string) => onChange(v ?? '')}
      loading={loading}
      options={options}
      style={{ width }}
    />
  );
}
