import { Article } from './article';

// SPEC §4/§9 cancellation and refund rules, in words a seller reads before paying:
// cancel a labeled order within 14 days → shipping fee refunded after 7 working days; shipped orders
// cannot be cancelled or refunded; no goods received after 14 days → no refund; unreceived orders
// auto-cancel after 12 days; compensation capped at 2x the shipping fee.
export default function PolicyPage() {
  return <Article prefix="public.policy" sections={5} />;
}
