import { HandoverPointList } from '../../shared/handover';
import { Article } from './article';

// The seller's guide; where and how to hand parcels over comes from the warehouses staff keep.
export default function SystemGuidePage() {
  return (
    <Article prefix="public.guide" sections={5}>
      <HandoverPointList />
    </Article>
  );
}
