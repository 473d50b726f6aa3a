// Staff pick customers from the seller directory (SPEC §7 GET /user/get-customers).
export { useCustomerOptions } from '../../shared/use-customer-options';
