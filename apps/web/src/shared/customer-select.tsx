import { Select, type SelectProps } from 'antd';
import { useCustomerOptions } from './use-customer-options';

type Props = Omit<SelectProps<string[]>, 'mode' | 'options' | 'onSearch' | 'filterOption' | 'loading' | 'showSearch'>;

/**
 * Seller accounts picked by typing a name or email (SPEC §7 GET /user/get-customers); the chosen
 * ones keep their names. Meant as a Form.Item child: its value is the list of account ids.
 */
export function CustomerSelect({ value, ...props }: Props) {
  const customers = useCustomerOptions(true, value ?? []);
  return (
    <Select<string[]>
      mode="multiple"
      allowClear
      showSearch
      filterOption={false}
      onSearch={customers.setSearch}
      options={customers.options}
      loading={customers.loading}
      value={value}
      {...props}
    />
  );
}
