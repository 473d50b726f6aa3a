import { Article } from './article';

// SPEC §5: the restricted goods list is section 3.
export default function ShippingProceduresPage() {
  return <Article prefix="public.procedures" sections={4} />;
}
