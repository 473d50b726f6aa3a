import { Article } from './article';

export default function SystemGuidePage() {
  return <Article prefix="public.guide" sections={5} />;
}
