import { Article } from './article';

export default function WalmartPage() {
  return <Article prefix="public.walmart" sections={3} />;
}
