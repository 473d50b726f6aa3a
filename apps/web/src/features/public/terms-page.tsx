import { Article } from './article';

export default function TermsPage() {
  return <Article prefix="public.terms" sections={6} />;
}
